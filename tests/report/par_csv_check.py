#!/usr/bin/env python3
"""par_csv_check.py CSV JSON — a PAR sheet's CSV is one wide table per
section and says what its JSON says.

Read as a person's script would (Python's csv module, blocks split at "# "
lines): every block has a header and rows of its width; a column holds
numbers, exact fractions or text (a number column's cells parse as
floats, never "9/2"; an *_exact column's as p/q or integers; a cell may
be empty where a row has no such figure); the summary's figures, the net-result
distribution and the bets equal the JSON's, the exact fractions equal as
fractions.  Prints one line per problem; exit 1 if any.
"""
import csv
import json
import sys
from fractions import Fraction

problems = []


def bad(msg):
    problems.append(msg)


def blocks(path):
    out, name, rows = {}, None, []
    with open(path, newline="") as f:
        text = f.read()
    for line in text.split("\n"):
        if line.startswith("# "):
            name, rows = line[2:], []
            if name in out:
                bad(f"section '{name}' twice")
            out[name] = rows
        elif line == "":
            name = None
        elif name is None:
            bad(f"a line outside a section: {line[:60]}")
        else:
            rows.append(line)
    parsed = {}
    for name, lines in out.items():
        table = list(csv.reader(lines))
        if not table:
            bad(f"section '{name}': no header")
            continue
        head, body = table[0], table[1:]
        for r in body:
            if len(r) != len(head):
                bad(f"section '{name}': a row of {len(r)} cells under {len(head)} columns")
        parsed[name] = (head, body)
    return parsed


def kind(cell):
    if cell == "":
        return "empty"
    try:
        Fraction(cell)
        if "/" in cell:
            return "fraction"
    except ValueError:
        return "text"
    try:
        float(cell)
        return "number"
    except ValueError:
        return "text"


def check_columns(name, head, body):
    for j, col in enumerate(head):
        kinds = {kind(r[j]) for r in body if j < len(r)} - {"empty"}
        if col.endswith("_exact"):
            if not kinds <= {"fraction", "number"}:
                bad(f"section '{name}': column {col} holds {sorted(kinds)}")
            for r in body:
                if r[j]:
                    try:
                        Fraction(r[j])
                    except ValueError:
                        bad(f"section '{name}': {col} '{r[j]}' is not a fraction")
        elif "fraction" in kinds and "text" not in kinds:  # a text column may hold "2"; a number column no "9/2"
            bad(f"section '{name}': column {col} holds fractions beside {sorted(kinds - {'fraction'})}")


def main():
    csv_path, json_path = sys.argv[1], sys.argv[2]
    t = blocks(csv_path)
    with open(json_path) as f:
        j = json.load(f)
    for name, (head, body) in t.items():
        check_columns(name, head, body)
    for need in ("sheet", "readings", "summary", "distribution", "bets"):
        if need not in t:
            bad(f"no section '{need}'")
    if problems:
        return
    head, body = t["summary"]
    s = dict(zip(head, body[0]))
    for key in ("house_edge_percent", "element_of_risk_percent", "standard_deviation"):
        if float(s[key]) != j[key]:
            bad(f"summary {key}: CSV {s[key]}, JSON {j[key]}")
    if Fraction(s["ev_exact"]) != Fraction(j["ev"]["exact"]):
        bad(f"summary ev_exact: CSV {s['ev_exact']}, JSON {j['ev']['exact']}")
    head, body = t["distribution"]
    rows = [dict(zip(head, r)) for r in body]
    if len(rows) != len(j["distribution"]):
        bad(f"distribution: {len(rows)} rows in the CSV, {len(j['distribution'])} in the JSON")
    for r, o in zip(rows, j["distribution"]):
        if Fraction(r["net_exact"]) != Fraction(o["net"]["exact"]) or int(r["count"]) != int(o["count"]):
            bad(f"distribution row {r['net']}: CSV {r['net_exact']} x {r['count']}, JSON {o['net']['exact']} x {o['count']}")
    total = sum(int(r["count"]) for r in rows)
    if total != int(s["rounds"]):
        bad(f"distribution: the counts add up to {total}, not the {s['rounds']} rounds")
    mean = sum(Fraction(r["net_exact"]) * int(r["count"]) for r in rows) / total
    if mean != Fraction(s["ev_exact"]):
        bad(f"distribution: its mean {mean} is not the EV {s['ev_exact']}")
    head, body = t["bets"]
    bets = sum(Fraction(dict(zip(head, r))["ev_exact"]) for r in body)
    if bets != Fraction(s["ev_exact"]):
        bad(f"bets: they add up to {bets}, not the EV {s['ev_exact']}")


main()
for p in problems:
    print(f"{sys.argv[1]}: {p}")
sys.exit(1 if problems else 0)
