"""What the test model generators (generate-test-model.py, generate-test-chat-model.py) share: where a fixture goes,
how its JSON files are written (so every run writes the same bytes), the tokenizer's special-token entries, and the
size report. Imported by name: the generators run from this folder (/usr/bin/python3 scripts/generate-….py)."""
import json
import os

TEST_MODELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test-models")


def fixture_folder(name):
    """The folder of the fixture querylab/<name>, as the test build serves it under ./models/."""
    return os.path.join(TEST_MODELS, "querylab", name)


def write_json(path, value):
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        json.dump(value, handle, indent=1, ensure_ascii=False, sort_keys=False)
        handle.write("\n")


def added_special_tokens(ids, specials):
    """tokenizer.json's added_tokens: each special token kept whole, never split or normalized."""
    return [
        {"id": ids[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True}
        for t in specials
    ]


def folder_kilobytes(folder):
    return sum(os.path.getsize(os.path.join(root, f)) for root, _, files in os.walk(folder) for f in files) // 1024
