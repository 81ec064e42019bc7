"""CPython's urllib.robotparser as the parser function of the robots-conformance-suite pytest
plugin (packages/python): harness/consumers/run runs

    python3 -m pytest --robots-parser=robotparser_allows:allows \
        --robots-expected-failures=expected-failures.txt

from this directory. urllib.robotparser sets out to follow the robots exclusion standard, so it
is scored against RFC 9309 as written (the plugin's default profile, rfc).
"""

import urllib.robotparser


def allows(body, agent, url):
    parser = urllib.robotparser.RobotFileParser()
    # What RobotFileParser.read() does with a fetched body.
    parser.parse(body.splitlines())
    return parser.can_fetch(agent, url)
