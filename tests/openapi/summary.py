"""Prints, per operation of the document, how often each status came back
in a run (from its HAR report): which answers the run reached.

    summary.py OPENAPI_JSON HAR_JSON
"""

import collections
import json
import re
import sys
from urllib.parse import urlsplit


def main():
    with open(sys.argv[1]) as f:
        document = json.load(f)
    with open(sys.argv[2]) as f:
        entries = json.load(f)["log"]["entries"]
    # Literal paths first, so that /api/tables is not taken for /api/tables/{id}.
    templates = sorted(document["paths"], key=lambda p: p.count("{"))
    patterns = [(p, re.compile("^" + re.sub(r"\\\{[^/]+\\\}", "[^/]+", re.escape(p)) + "$")) for p in templates]
    seen = collections.defaultdict(collections.Counter)
    for entry in entries:
        method = entry["request"]["method"].lower()
        path = urlsplit(entry["request"]["url"]).path
        for template, pattern in patterns:
            if pattern.match(path) and method in document["paths"][template]:
                seen[(method.upper(), template)][entry["response"]["status"]] += 1
                break
    print(f"== answers per operation ({len(entries)} requests in all)")
    for template in document["paths"]:
        for method in document["paths"][template]:
            counts = seen.get((method.upper(), template), {})
            text = ", ".join(f"{status}: {n}" for status, n in sorted(counts.items())) or "none"
            print(f"  {method.upper():6} {template:38} {text}")


main()
