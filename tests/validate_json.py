#!/usr/bin/python3
"""Validates JSON files against a JSON Schema.

usage: validate_json.py SCHEMA FILE...

The schema's own "$schema" picks the draft (draft-04 for SARIF 2.1.0,
2020-12 for the crosscheck report). Exit status: 0 when every file is
valid, 1 when one is not (each error printed with its JSON path), 2 when
the jsonschema module is missing or a file cannot be read.
Run it with /usr/bin/python3: Debian's python3-jsonschema lives there.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    sys.stderr.write(
        "validate_json.py: the Python module 'jsonschema' is missing for %s; "
        "install it with: apt-get install -y python3-jsonschema (scripts/setup does)\n"
        % sys.executable)
    sys.exit(2)


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        sys.stderr.write("validate_json.py: %s: %s\n" % (path, e))
        sys.exit(2)


def main(argv):
    if len(argv) < 3:
        sys.stderr.write("usage: validate_json.py SCHEMA FILE...\n")
        return 2
    schema = load(argv[1])
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    status = 0
    for path in argv[2:]:
        errors = sorted(validator.iter_errors(load(path)), key=lambda e: list(e.absolute_path))
        for e in errors:
            where = "/".join(str(p) for p in e.absolute_path) or "(root)"
            sys.stderr.write("%s: %s: %s\n" % (path, where, e.message))
        if errors:
            status = 1
        else:
            print("%s: valid against %s" % (path, argv[1]))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
