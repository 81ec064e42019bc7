#!/usr/bin/env ruby
# reptest adapter for webrobots 0.1.2 (Debian package ruby-webrobots 0.1.2-1.1), the robots.txt
# parser behind Mechanize.
#
# Install: reptest adapters install webrobots
#    or:   apt-get install ruby-webrobots   (Debian 12: version 0.1.2-1.1)
# Run:     cargo reptest run --adapter 'ruby harness/adapters/ruby_webrobots.rb' --name webrobots
#
# Mapping onto the library:
# - body: WebRobots fetches robots.txt itself through its :http_get option, which must return
#   the body as a string; the adapter's http_get returns the request's body: a UTF-8 string
#   when it is UTF-8, else its bytes as a binary string (Ruby strings carry their encoding;
#   a binary body with non-ASCII rules makes the library raise Encoding::CompatibilityError
#   on URLs with non-ASCII characters, so text is passed as text). Crawl-delay is ignored
#   (:crawl_delay => :ignore) instead of slept.
# - agent: one per check (several are n/a), as WebRobots.new's user agent.
# - URL: allowed?(url) with the full URL as given. The library takes only absolute http(s)
#   URLs (it raises for anything else), so a bare path (the edge measurement) is answered n/a;
#   any other URL it raises for becomes an error answer.
# - deciding line: the library reports none.

require 'json'
require 'base64'

begin
  require 'webrobots'
rescue LoadError
  warn 'webrobots is not installed: reptest adapters install webrobots'
  exit 1
end

if ARGV.last == '--version'
  puts "webrobots #{Webrobots::VERSION}"
  exit 0
end

# Raised for a check the library cannot answer (reported as n/a).
class Unsupported < StandardError; end

# What the block builds, built again only when `key` differs from the previous call's: a client
# asks many checks of one body in a row, and parsing it for each would measure the parser's
# speed instead of its answers. (WebRobots parses a site's file on its first check and keeps it.)
def parsed_once(key)
  unless defined?(@parsed_key) && @parsed_key == key
    @parsed_value = yield
    @parsed_key = key
  end
  @parsed_value
end

def decide(request)
  agents = request.fetch('agents')
  raise Unsupported, 'webrobots checks one user-agent at a time' unless agents.length == 1
  raise Unsupported, 'webrobots checks absolute http(s) URLs, not a bare path' if request.fetch('url').start_with?('/')

  body =
    if request.key?('robots_base64')
      Base64.strict_decode64(request['robots_base64'])
    else
      request.fetch('robots')
    end
  robots = parsed_once([agents[0], body]) do
    WebRobots.new(agents[0], http_get: ->(_uri) { body }, crawl_delay: :ignore)
  end
  { 'allowed' => robots.allowed?(request.fetch('url')), 'line' => nil }
end

$stdout.sync = true # flush after every answer line
$stdin.each_line do |line|
  begin
    request = JSON.parse(line)
  rescue JSON::ParserError => e
    puts JSON.generate('id' => nil, 'error' => "unreadable request: #{e.message}")
    next
  end
  reply = request.is_a?(Hash) && request.key?('id') ? { 'id' => request['id'] } : {}
  begin
    reply.merge!(decide(request))
  rescue Unsupported => e
    reply['unsupported'] = e.message
  rescue StandardError => e # every failure is an answer, never a dead adapter
    reply['error'] = "#{e.class}: #{e.message}"
  end
  puts JSON.generate(reply)
end
