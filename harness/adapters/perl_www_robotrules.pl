#!/usr/bin/env perl
# reptest adapter for WWW::RobotRules 6.02 (Debian package libwww-robotrules-perl 6.02-1), the
# robots.txt parser behind LWP::RobotUA.
#
# Install: reptest adapters install www-robotrules
#    or:   apt-get install libwww-robotrules-perl   (Debian 12: version 6.02-1)
# Run:     cargo reptest run --adapter 'perl harness/adapters/perl_www_robotrules.pl' --name www-robotrules
#
# Mapping onto the library:
# - body: parse($robots_url, $content) takes the body as a byte string, as LWP::RobotUA hands
#   it the raw response content; every body is passed as its bytes (a UTF-8 one re-encoded,
#   one that is not UTF-8 decoded from base64). $robots_url is /robots.txt on the checked
#   URL's origin: the rules are kept per host and port, and Disallow paths are resolved
#   against it.
# - agent: one per check (several are n/a), as new()'s robot name.
# - URL: allowed($url) with the full URL as given, as its documentation shows; the library
#   answers "allowed" for any URL that is not http(s), so a bare path (the edge measurement)
#   is answered n/a instead: the library has no way to be asked about one.
# - deciding line: the library reports none.

use strict;
use warnings;
use JSON::PP;
use MIME::Base64 qw(decode_base64);
use Encode qw(encode);

my $library_loaded = eval { require WWW::RobotRules; require URI; 1 };
unless ($library_loaded) {
    print STDERR "WWW::RobotRules is not installed: reptest adapters install www-robotrules\n";
    exit 1;
}

if (@ARGV && $ARGV[-1] eq '--version') {
    print "WWW::RobotRules $WWW::RobotRules::VERSION\n";
    exit 0;
}

my $json = JSON::PP->new->utf8->canonical;
$| = 1;    # flush after every answer line

# The verdict for one request (a hash), or die with why.
# The rules of the previous check, parsed again only when the agent, the robots.txt URL or the
# body differs: a client asks many checks of one body in a row, and parsing it for each would
# measure the parser's speed instead of its answers.
my ($parsed_key, $parsed_rules);

sub parsed_once {
    my ($agent, $robots_url, $body) = @_;
    my $key = join "\0", length($agent), length($robots_url), $agent, $robots_url, $body;
    if (!defined $parsed_key || $parsed_key ne $key) {
        $parsed_rules = WWW::RobotRules->new($agent);
        $parsed_rules->parse($robots_url, $body);
        $parsed_key = $key;
    }
    return $parsed_rules;
}

sub decide {
    my ($request) = @_;
    my $agents = $request->{agents};
    die { unsupported => 'WWW::RobotRules checks one user-agent at a time' }
        unless ref $agents eq 'ARRAY' && @$agents == 1;
    my $body = exists $request->{robots_base64}
        ? decode_base64($request->{robots_base64})
        : encode('UTF-8', $request->{robots});
    die { unsupported => 'WWW::RobotRules checks absolute URLs, not a bare path' }
        if $request->{url} =~ m{^/};
    my $url = URI->new($request->{url});
    # The adapter derives /robots.txt from the URL's scheme and host: without a scheme it
    # cannot, and an error here would be the adapter's, not the library's.
    die { unsupported => "WWW::RobotRules checks absolute URLs, and <$request->{url}> has no scheme" }
        unless defined $url->scheme;
    my $rules = parsed_once($agents->[0], URI->new_abs('/robots.txt', $url)->as_string, $body);
    my $allowed = $rules->allowed($url->as_string);
    die "the rules for this host are not fresh (allowed() answered $allowed)\n" if $allowed < 0;
    return { allowed => $allowed ? JSON::PP::true : JSON::PP::false, line => undef };
}

while (my $line = <STDIN>) {
    my $request = eval { $json->decode($line) };
    my $reply;
    if (!defined $request) {
        my $why = $@ || 'not a JSON value';
        chomp $why;
        $reply = { id => undef, error => "unreadable request: $why" };
    }
    else {
        my $is_object = ref $request eq 'HASH';
        $reply = eval { decide($request) };
        if (!defined $reply) {
            my $why = $@;
            if (ref $why eq 'HASH') {
                $reply = $why;
            }
            else {
                chomp $why;
                $reply = { error => $why };
            }
        }
        $reply->{id} = $request->{id} if $is_object && exists $request->{id};
    }
    print $json->encode($reply), "\n";
}
