"""Reads a spreadsheet from standard input with openpyxl (Debian's python3-openpyxl) and prints it as JSON.

Per sheet: its print set-up, the print-title rows, every row (dates as {"date": ISO, "format": number format},
formulas as {"formula": text, "cached": the value the writer stored}), and how many cells of each XML type the
sheet's own XML holds (t="s" shared, "inlineStr", "str" formula text, "n" numbers).
"""

import io
import json
import re
import sys
import zipfile
from datetime import date, datetime

import openpyxl


def cell_json(cell, cached):
    value = cell.value
    if isinstance(value, str) and value.startswith("="):
        return {"formula": value, "cached": cached}
    if isinstance(value, (datetime, date)):
        return {"date": value.isoformat(), "format": cell.number_format}
    return value


def xml_cell_types(data, sheet_paths):
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        types = {}
        for title, path in sheet_paths.items():
            counts = {}
            for m in re.finditer(rb"<c\b([^>]*)>", z.read(path)):
                t = re.search(rb'\bt="([^"]+)"', m.group(1))
                key = t.group(1).decode() if t else "n"
                counts[key] = counts.get(key, 0) + 1
            types[title] = counts
        return types


def sheet_paths(data):
    """Sheet title -> its XML part, from workbook.xml and its relationships."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        book = z.read("xl/workbook.xml").decode()
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
    targets = {}
    for rel in re.finditer(r"<Relationship\b[^>]*>", rels):
        rid = re.search(r'Id="([^"]+)"', rel.group(0)).group(1)
        target = re.search(r'Target="([^"]+)"', rel.group(0)).group(1).lstrip("/")
        targets[rid] = target if target.startswith("xl/") else "xl/" + target
    paths = {}
    for sheet in re.finditer(r"<sheet\b[^>]*>", book):
        name = re.search(r'name="([^"]+)"', sheet.group(0)).group(1)
        rid = re.search(r'r:id="([^"]+)"', sheet.group(0)).group(1)
        paths[name] = targets[rid]
    return paths


def main():
    data = sys.stdin.buffer.read()
    book = openpyxl.load_workbook(io.BytesIO(data))
    cached = openpyxl.load_workbook(io.BytesIO(data), data_only=True)
    types = xml_cell_types(data, sheet_paths(data))
    sheets = []
    for ws in book.worksheets:
        values = cached[ws.title]
        rows = [
            [cell_json(c, values.cell(row=c.row, column=c.column).value) for c in row]
            for row in ws.iter_rows()
        ]
        setup = ws.page_setup
        sheets.append(
            {
                "name": ws.title,
                "fit_to_page": bool(ws.sheet_properties.pageSetUpPr and ws.sheet_properties.pageSetUpPr.fitToPage),
                "fit_to_width": None if setup.fitToWidth is None else int(setup.fitToWidth),
                "fit_to_height": None if setup.fitToHeight is None else int(setup.fitToHeight),
                "orientation": setup.orientation,
                "print_title_rows": ws.print_title_rows,
                "rows": rows,
                "cell_types": types[ws.title],
            }
        )
    json.dump({"sheets": sheets}, sys.stdout)


main()
