#!/usr/bin/env python3
"""validate_json.py SCHEMA_DIR MANIFEST — every document the manifest lists
against its schema (docs/json.md).  MANIFEST: one "SCHEMA DOCUMENT" pair a
line, SCHEMA a file name under SCHEMA_DIR.  Beyond the schema, a document
must be one JSON object whose first key is "schema_version", and a key
"rules" anywhere in it must be a strategy card's rules, a list of strings
(the game's rules are "game_rules": one name per concept).  Prints one
line per document that fails, and "N valid, N invalid"; exit 1 if any
fails."""
import json
import sys

from jsonschema import Draft202012Validator


def misnamed_rules(node, where):
    """The places where a key "rules" holds anything but a list of strings."""
    if isinstance(node, list):
        return [w for i, v in enumerate(node) for w in misnamed_rules(v, f"{where}/{i}")]
    if not isinstance(node, dict):
        return []
    found = []
    for key, value in node.items():
        if key == "rules" and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            found.append(f"{where}/rules")
        found += misnamed_rules(value, f"{where}/{key}")
    return found


def problems(schema, path):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        return [f"not JSON: {e}"]
    if not isinstance(doc, dict):
        return [f"not an object but a {type(doc).__name__}"]
    if next(iter(doc), None) != "schema_version":
        return ["\"schema_version\" is not its first key"]
    found = [f"{where}: \"rules\" is not a list of strings" for where in misnamed_rules(doc, "(top)")]
    for e in sorted(Draft202012Validator(schema).iter_errors(doc), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(p) for p in e.absolute_path) or "(top)"
        found.append(f"{where}: {e.message[:200]}")
    return found


def main():
    schema_dir, manifest = sys.argv[1], sys.argv[2]
    schemas, valid, invalid = {}, 0, 0
    with open(manifest) as f:
        pairs = [line.split(None, 1) for line in f if line.strip()]
    for name, path in pairs:
        path = path.strip()
        if name not in schemas:
            with open(f"{schema_dir}/{name}") as s:
                schemas[name] = json.load(s)
            Draft202012Validator.check_schema(schemas[name])
        found = problems(schemas[name], path)
        if found:
            invalid += 1
            print(f"INVALID {path} ({name}): " + "; ".join(found[:3]))
        else:
            valid += 1
    print(f"{valid} valid, {invalid} invalid")
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
