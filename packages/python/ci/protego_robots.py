"""The parser function packages/ci-test runs the wheel against: protego 0.7.0, Scrapy's parser.

    python -m pytest -p no:cacheprovider --robots-parser=protego_robots:allows \
        --robots-expected-failures=protego-expected-failures.txt

Protego takes text (the default --robots-body) and one agent; can_fetch(url, agent) takes the
full URL and drops scheme, host and fragment itself.
"""

from protego import Protego


def allows(body, agent, url):
    return Protego.parse(body).can_fetch(url, agent)
