#!/usr/bin/env python3
"""validate_json.py SCHEMA_DIR MANIFEST — every document the manifest lists
against its schema (docs/json.md).  MANIFEST: one "SCHEMA DOCUMENT" pair a
line, SCHEMA a file name under SCHEMA_DIR.  Beyond the schema, a document
must be one JSON object whose first key is "schema_version".  Prints one
line per document that fails, and "N valid, N invalid"; exit 1 if any
fails."""
import json
import sys

from jsonschema import Draft202012Validator


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
    found = []
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
