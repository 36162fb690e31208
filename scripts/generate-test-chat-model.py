#!/usr/bin/python3
"""Writes test-models/querylab/tiny-chat/: a tiny decoder-only chat model in the Hugging Face / transformers.js file
layout of a text-generation model (config.json with model_type "llama", tokenizer.json, tokenizer_config.json with a
chat template, generation_config.json, onnx/model_q4.onnx and onnx/model_q4f16.onnx), so tests run the in-page
provider's real loading, chat-template, generation, streaming and KV-cache path without a download.

Run with Debian's interpreter (it has python3-onnx and numpy):  /usr/bin/python3 scripts/generate-test-chat-model.py

The graph is not a transformer: it is a next-token table. The logits at each position are a row of one of two tables,
picked by the current token; which table depends on how many user messages the conversation has so far (counted
through the KV cache, which carries one number per token: 1 for the <|user|> token, else 0). So greedy decoding after
the first question writes SCRIPT_FIRST_TURN (a plain-text tool call), and after an observation has come back as a
second user message it writes SCRIPT_LATER_TURNS (a final answer). Every scripted piece is its own vocabulary entry,
used once, so the table's chain is unambiguous. The inputs and outputs are those transformers.js feeds a llama export:
input_ids, attention_mask, position_ids, past_key_values.0.key/value -> logits, present.0.key/value.
Output is deterministic: same bytes on every run.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from test_model_files import added_special_tokens, fixture_folder, folder_kilobytes, write_json

OUT = fixture_folder("tiny-chat")

SPECIALS = ["<unk>", "<|system|>", "<|user|>", "<|assistant|>", "<|end|>"]
UNK, SYSTEM, USER, ASSISTANT, END = range(len(SPECIALS))

# What the model writes, piece by piece. A piece may appear in one script only, once.
SCRIPT_FIRST_TURN = ["I will look", " at the tables", " first.", "\n", "ACTION:", " list_tables"]
SCRIPT_LATER_TURNS = ["FINAL ANSWER:", "\n```sql\n", "SELECT", " COUNT(*)", " AS", " book_count", " FROM", " books", ";", "\n```"]

# Single characters, so any prompt text encodes (anything else is <unk>); the prompt's words do not steer the table.
CHARACTERS = [chr(code) for code in range(33, 127)]

# A confident margin: at temperature 1 the scripted piece still wins with probability 1 - V·e^-30.
MARGIN = 30.0


def build_vocab():
    vocab = list(SPECIALS)
    for piece in SCRIPT_FIRST_TURN + SCRIPT_LATER_TURNS:
        if piece in vocab:
            raise SystemExit(f"piece {piece!r} is used twice: the next-token table would be ambiguous")
        vocab.append(piece)
    for character in CHARACTERS:
        if character not in vocab:
            vocab.append(character)
    return vocab


def chain(ids, table):
    """Writes a script into the table: each piece leads to the next, the last to <|end|>."""
    for here, after in zip(ids, ids[1:] + [END]):
        table[here, :] = 0.0
        table[here, after] = MARGIN


def tables(vocab):
    index = {piece: i for i, piece in enumerate(vocab)}
    size = len(vocab)
    first_ids = [index[piece] for piece in SCRIPT_FIRST_TURN]
    later_ids = [index[piece] for piece in SCRIPT_LATER_TURNS]
    # By default every token is followed by <|end|>: a prompt that does not end with the assistant's turn stops at once.
    first = np.zeros((size, size), dtype=np.float32)
    first[:, END] = MARGIN
    # The pieces continue the same way in both tables, so a script is never cut over to the other.
    chain(first_ids, first)
    chain(later_ids, first)
    later = first.copy()
    # Only where the assistant's turn starts do they differ.
    for table, ids in ((first, first_ids), (later, later_ids)):
        table[ASSISTANT, :] = 0.0
        table[ASSISTANT, ids[0]] = MARGIN
    return first, later


def graph(first, later, vocab_size):
    int_2d = lambda name, dims: helper.make_tensor_value_info(name, TensorProto.INT64, dims)  # noqa: E731
    cache_dims = ["batch_size", 1, "past_sequence_length", 1]
    present_dims = ["batch_size", 1, "total_sequence_length", 1]
    inputs = [
        int_2d("input_ids", ["batch_size", "sequence_length"]),
        int_2d("attention_mask", ["batch_size", "total_sequence_length"]),
        int_2d("position_ids", ["batch_size", "sequence_length"]),
        helper.make_tensor_value_info("past_key_values.0.key", TensorProto.FLOAT, cache_dims),
        helper.make_tensor_value_info("past_key_values.0.value", TensorProto.FLOAT, cache_dims),
    ]
    outputs = [
        helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch_size", "sequence_length", vocab_size]),
        helper.make_tensor_value_info("present.0.key", TensorProto.FLOAT, present_dims),
        helper.make_tensor_value_info("present.0.value", TensorProto.FLOAT, present_dims),
    ]
    initializers = [
        numpy_helper.from_array(first, "next_first_turn"),
        numpy_helper.from_array(later, "next_later_turns"),
        numpy_helper.from_array(np.array(USER, dtype=np.int64), "user_token"),
        numpy_helper.from_array(np.array([1, 3], dtype=np.int64), "cache_axes"),
        numpy_helper.from_array(np.array([1, 2, 3], dtype=np.int64), "sum_axes"),
        numpy_helper.from_array(np.array(1.0, dtype=np.float32), "one"),
        numpy_helper.from_array(np.array(0.0, dtype=np.float32), "zero"),
        numpy_helper.from_array(np.array([-1, 1, 1], dtype=np.int64), "per_batch_shape"),
    ]
    nodes = [
        # One number per token into the cache: 1 for <|user|>. key and value carry the same.
        helper.make_node("Equal", ["input_ids", "user_token"], ["is_user"]),
        helper.make_node("Cast", ["is_user"], ["is_user_float"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["is_user_float", "cache_axes"], ["is_user_cache"]),  # [b, 1, s, 1]
        helper.make_node("Concat", ["past_key_values.0.key", "is_user_cache"], ["present.0.key"], axis=2),
        helper.make_node("Concat", ["past_key_values.0.value", "is_user_cache"], ["present.0.value"], axis=2),
        # Users seen so far, then which table: the first while there is one user message, the later one after.
        helper.make_node("ReduceSum", ["present.0.key", "sum_axes"], ["users"], keepdims=0),
        helper.make_node("Sub", ["users", "one"], ["users_before"]),
        helper.make_node("Clip", ["users_before", "zero", "one"], ["later_weight_flat"]),
        helper.make_node("Reshape", ["later_weight_flat", "per_batch_shape"], ["later_weight"]),
        helper.make_node("Sub", ["one", "later_weight"], ["first_weight"]),
        helper.make_node("Gather", ["next_first_turn", "input_ids"], ["first_logits"], axis=0),
        helper.make_node("Gather", ["next_later_turns", "input_ids"], ["later_logits"], axis=0),
        helper.make_node("Mul", ["first_logits", "first_weight"], ["first_part"]),
        helper.make_node("Mul", ["later_logits", "later_weight"], ["later_part"]),
        helper.make_node("Add", ["first_part", "later_part"], ["logits"]),
    ]
    g = helper.make_graph(nodes, "tiny_chat", inputs, outputs, initializers)
    model = helper.make_model(g, producer_name="querylab-generate-test-chat-model", opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model, full_check=True)
    return model


def tokenizer_json(vocab):
    ids = {piece: i for i, piece in enumerate(vocab)}
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added_special_tokens(ids, SPECIALS),
        "normalizer": None,
        # Prompt text splits into words, and words into characters (BPE without merges); decoding joins pieces as written.
        "pre_tokenizer": {"type": "Whitespace"},
        "post_processor": None,
        "decoder": {"type": "Fuse"},
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": "<unk>",
            "continuing_subword_prefix": None,
            "end_of_word_suffix": None,
            "fuse_unk": False,
            "byte_fallback": False,
            "vocab": ids,
            "merges": [],
        },
    }


CHAT_TEMPLATE = (
    "{% for message in messages %}<|{{ message['role'] }}|>{{ message['content'] }}<|end|>{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>{% endif %}"
)


def main():
    vocab = build_vocab()
    os.makedirs(os.path.join(OUT, "onnx"), exist_ok=True)
    write_json(
        os.path.join(OUT, "config.json"),
        {
            "_comment": "Test fixture made by scripts/generate-test-chat-model.py: a next-token table in a llama export's file layout.",
            "architectures": ["LlamaForCausalLM"],
            "model_type": "llama",
            "hidden_size": 1,
            "num_hidden_layers": 1,
            "num_attention_heads": 1,
            "num_key_value_heads": 1,
            "head_dim": 1,
            "vocab_size": len(vocab),
            "max_position_embeddings": 32768,
            "bos_token_id": SYSTEM,
            "eos_token_id": END,
            "use_cache": True,
        },
    )
    write_json(os.path.join(OUT, "generation_config.json"), {"bos_token_id": SYSTEM, "eos_token_id": END, "pad_token_id": END})
    write_json(os.path.join(OUT, "tokenizer.json"), tokenizer_json(vocab))
    write_json(
        os.path.join(OUT, "tokenizer_config.json"),
        {
            "tokenizer_class": "PreTrainedTokenizerFast",
            "model_max_length": 32768,
            "add_bos_token": False,
            "add_eos_token": False,
            "clean_up_tokenization_spaces": False,
            "eos_token": "<|end|>",
            "pad_token": "<|end|>",
            "unk_token": "<unk>",
            "chat_template": CHAT_TEMPLATE,
        },
    )
    first, later = tables(vocab)
    model = graph(first, later, len(vocab)).SerializeToString()
    # The app asks for q4 weights on WASM and q4f16 on WebGPU, as the listed models ship them; a table has nothing to
    # quantize, so both files hold the same float32 graph.
    for name in ("model_q4.onnx", "model_q4f16.onnx"):
        with open(os.path.join(OUT, "onnx", name), "wb") as handle:
            handle.write(model)
    print(f"wrote {os.path.relpath(OUT)}: vocabulary {len(vocab)}, {folder_kilobytes(OUT)} KB", file=sys.stderr)


if __name__ == "__main__":
    main()
