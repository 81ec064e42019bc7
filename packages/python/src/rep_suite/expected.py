"""The expected-failures list: one check id per line, a line starting with `#` a comment (the
format `reptest baseline` writes). cases/export/expected-failures-vectors.json of the rep
repository holds the rules' test vectors; this reader is tested against them."""

# White space as the list format counts it: Unicode's White_Space property, which is what
# `reptest` trims (str.strip() and str.split() would also take U+001C to U+001F).
WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000"


class ListError(Exception):
    """The list has lines that are not check ids, or an id listed twice; the message names each."""


def parse_expected_failures(text):
    """(id -> line, problems): each problem (line, "not-an-id" or "listed-twice", first line or None).

    Lines end at LF (a CR before it is white space); a line that starts with `#` is a comment;
    an id is `<case id>/<check name>`: a `/`, no `#`, no white space."""
    listed, problems = {}, []
    for number, line in enumerate(text.split("\n"), start=1):
        check_id = line.strip(WHITE_SPACE)
        if not check_id or check_id.startswith("#"):
            continue
        if any(c in WHITE_SPACE or c == "#" for c in check_id) or "/" not in check_id:
            problems.append((number, "not-an-id", None))
        elif check_id in listed:
            problems.append((number, "listed-twice", listed[check_id]))
        else:
            listed[check_id] = number
    return listed, problems


def load_expected_failures(path):
    """Id -> line number of the list at `path`; ListError names every wrong line at once."""
    try:
        # From bytes, so that no line end is translated: the line numbers are the file's.
        text = path.read_bytes().decode("utf-8")
    except OSError as error:
        raise ListError(f"{path}: cannot read it ({error.strerror})") from None
    except UnicodeDecodeError as error:
        raise ListError(f"{path}: not UTF-8 (byte {error.start})") from None
    listed, problems = parse_expected_failures(text)
    if problems:
        lines = text.split("\n")
        said = []
        for number, kind, first in problems:
            written = lines[number - 1].strip(WHITE_SPACE)
            if kind == "listed-twice":
                said.append(f"{path}:{number}: {written} is listed twice (first on line {first})")
            else:
                said.append(
                    f"{path}:{number}: `{written}` is not a check id (one per line; a line starting with # is a "
                    "comment; a numbered id of suite 3.x is upgraded by `reptest baseline --upgrade FILE`)"
                )
        raise ListError("\n".join(said))
    return listed
