"""The document schemathesis fuzzes from: the server's own, as it serves it,
with overlay.json laid over it and the script's KNOWN deviations added.

    prepare.py DOCUMENT_URL OVERLAY OUT [KNOWN ...]

The document is checked first for what OpenAPI asks and schemathesis does
not check (see `check`): a miss ends the run before any request.

The overlay is merged key by key (objects merge, anything else replaces),
except that a `parameters` list is appended to. Its keys starting with `x-`
at the top are notes and are dropped. Each KNOWN is one of (METHOD and
PATH are globs: `*`, `/api/tables/{id}*`):

  response METHOD PATH STATUS   the operation also answers STATUS, with the
                                `ErrorBody` every refusal has
  plain METHOD PATH STATUS      as `response`, and the answer may also come
                                in plain text (a refusal that is not JSON)
  media METHOD PATH STATUS MEDIA  its STATUS body comes as MEDIA (the schema
                                is kept)
  query METHOD PATH NAME [required]  its parameter NAME, documented as in the
                                path, is in the query (optional unless
                                `required`)
"""

import fnmatch
import json
import sys
import urllib.request


METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")


def merge(base, extra):
    for key, value in extra.items():
        if key == "parameters" and isinstance(base.get(key), list):
            base[key] = base[key] + value
        elif isinstance(value, dict) and isinstance(base.get(key), dict):
            merge(base[key], value)
        else:
            base[key] = value


def operations(document, method_glob, path_glob):
    """Every (method, path, operation) the globs match; at least one."""
    found = [
        (method, path, operation)
        for path, item in document.get("paths", {}).items()
        for method, operation in item.items()
        if method in METHODS
        and fnmatch.fnmatchcase(method, method_glob.lower())
        and fnmatch.fnmatchcase(path, path_glob)
    ]
    if not found:
        sys.exit(f"prepare.py: KNOWN: the document has no {method_glob} {path_glob}")
    return found


def check(document):
    """What OpenAPI asks of the document that schemathesis does not check
    itself: every answer has a description, and every path parameter is in
    its path (a query parameter documented as in the path is what the
    fuzzer once found). Exits naming each miss."""
    misses = []
    shared = document.get("components", {}).get("responses", {})
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            label = f"{method.upper()} {path}"
            for status, answer in operation.get("responses", {}).items():
                ref = answer.get("$ref", "")
                if ref.startswith("#/components/responses/"):
                    answer = shared.get(ref.rsplit("/", 1)[1], {})
                if not answer.get("description"):
                    misses.append(f"{label}: its {status} answer has no description")
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "path" and "{" + parameter["name"] + "}" not in path:
                    misses.append(f"{label}: path parameter {parameter['name']} is not in its path")
    if misses:
        sys.exit("prepare.py: the server's document is not valid OpenAPI:\n  " + "\n  ".join(misses))


def add_known(document, line):
    """Applies one KNOWN line to every operation it names; says so when none
    of them needs it any more."""
    verb, *words = line.split()
    needed = False
    if verb in ("response", "plain") and len(words) == 3:
        method_glob, path_glob, status = words
        for _, _, operation in operations(document, method_glob, path_glob):
            responses = operation.setdefault("responses", {})
            if status not in responses:
                needed = True
                responses[status] = {
                    "description": "KNOWN (tests/openapi/run): answered, not documented",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}},
                }
            content = responses[status].setdefault("content", {})
            if verb == "plain" and "text/plain" not in content:
                needed = True
                content["text/plain"] = {"schema": {"type": "string"}}
    elif verb == "media" and len(words) == 4:
        method_glob, path_glob, status, media = words
        for method, path, operation in operations(document, method_glob, path_glob):
            answer = operation.get("responses", {}).get(status)
            if answer is None or not answer.get("content"):
                sys.exit(f"prepare.py: KNOWN {line!r}: {method.upper()} {path} documents no body for {status}")
            if media not in answer["content"]:
                needed = True
                answer["content"] = {media: content for content in answer["content"].values()}
    elif verb == "query" and len(words) in (3, 4):
        method_glob, path_glob, name, *required = words
        for method, path, operation in operations(document, method_glob, path_glob):
            for parameter in operation.get("parameters", []):
                if parameter["name"] == name:
                    if parameter["in"] != "query":
                        needed = True
                    parameter["in"] = "query"
                    parameter["required"] = required == ["required"]
                    break
            else:
                sys.exit(f"prepare.py: KNOWN {line!r}: {method.upper()} {path} has no parameter {name}")
    else:
        sys.exit(f"prepare.py: a KNOWN line is not one of the forms this file's doc lists: {line!r}")
    if not needed:
        print(f"prepare.py: KNOWN {line!r} is in the document now: delete it from tests/openapi/run")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    url, overlay_path, out = sys.argv[1:4]
    with urllib.request.urlopen(url, timeout=30) as answer:
        document = json.load(answer)
    check(document)
    with open(overlay_path) as f:
        overlay = {k: v for k, v in json.load(f).items() if not k.startswith("x-")}
    merge(document, overlay)
    for line in sys.argv[4:]:
        add_known(document, line)
    with open(out, "w") as f:
        json.dump(document, f, indent=1)
    operations = sum(
        1
        for item in document.get("paths", {}).values()
        for method in item
        if method in METHODS
    )
    print(f"== document: {operations} operations, {len(sys.argv) - 4} KNOWN deviation(s) laid over it")


main()
