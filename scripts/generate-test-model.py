#!/usr/bin/python3
"""Writes test-models/querylab/tiny-embed/: a tiny BERT-shaped embedding model in the Hugging Face /
transformers.js file layout, so tests run the real loading and inference path without a download.

Run with Debian's interpreter (it has python3-onnx and numpy):  /usr/bin/python3 scripts/generate-test-model.py

The graph is a bag of words, not a transformer: last_hidden_state = LayerNorm(E[input_ids] + T[token_type_ids])
times the attention mask, where E is a seeded random table. Mean pooling then averages one random vector per
word piece, so texts sharing words are closer than texts that share none, which is all the tests need to check
real similarity behaviour. Special tokens have zero vectors (LayerNorm keeps them zero) so [CLS]/[SEP], present
in every text, do not pull unrelated texts together. Output is deterministic: same bytes on every run.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from test_model_files import added_special_tokens, fixture_folder, folder_kilobytes, write_json

HIDDEN = 64  # 32 would be smaller, but random 32-d vectors overlap too much (cosine noise ≈ 1/√32) to rank reliably
SEED = 20240604
OUT = fixture_folder("tiny-embed")
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]

# General English: the most frequent words of everyday and technical prose, written out here so the output does not
# depend on files present on the machine. Not chosen for any test sentence or schema.
COMMON_WORDS = """
the of and to a in is it you that he was for on are with as i his they be at one have this from or had by hot but
some what there we can out other were all your when up use word how said an each she which do their time if will
way about many then them would write like so these her long make thing see him two has look more day could go come
did my sound no most number who over know water than call first people may down side been now find any new work
part take get place made live where after back little only round man year came show every good me give our under
name very through just form much great think say help low line before turn cause same mean differ move right boy old
too does tell sentence set three want air well also play small end put home read hand port large spell add even land
here must big high such follow act why ask men change went light kind off need house picture try us again animal
point mother world near build self earth father head stand own page should country found answer school grow study
still learn plant cover food sun four thought let keep eye never last door between city tree cross since hard start
might story saw far sea draw left late run while press close night real life few stop open seem together next white
children begin got walk example ease paper often always music those both mark book letter until mile river car feet
care second group carry took rain eat room friend began idea fish mountain north once base hear horse cut sure watch
color face wood main enough plain girl usual young ready above ever red list though feel talk bird soon body dog
family direct pose leave song measure state product black short numeral class wind question happen complete ship
area half rock order fire south problem piece told knew pass farm top whole king size heard best hour better true
during hundred am remember step early hold west ground interest reach fast five sing listen six table travel less
morning ten simple several vowel toward war lay against pattern slow center love person money serve appear road map
science rule govern pull cold notice voice fall power town fine certain fly unit lead cry dark machine note wait plan
figure star box noun field rest correct able pound done beauty drive stood contain front teach week final gave green
oh quick develop sleep warm free minute strong special mind behind clear tail produce fact street inch lot nothing
course stay wheel full force blue object decide surface deep moon island foot yet busy test record boat common gold
possible plane age dry wonder laugh thousand ago ran check game shape yes miss brought heat snow bed bring sit perhaps
fill east weight language among distance heart sum summer wall forest probably legs sat main winter wide written
length reason kept interest arms brother race present beautiful store job edge past sign visit pay total price cost
buy sell sale sold bill account bank card customer client user member employee staff manager team company business
office market shop item goods service data value record file folder text image video phone email address street
zip code postal region province county district village capital nation population language culture history event
date day month year time hour minute second week today yesterday tomorrow birth death age height weight amount
count average sum maximum minimum rate ratio percent level grade score rank points result status type category kind
genre style title author writer publisher edition volume chapter review rating comment note description detail
student teacher course lesson exam semester professor department faculty university college school library
doctor nurse patient hospital clinic disease drug medicine treatment test visit appointment insurance claim
flight airport airline pilot passenger ticket seat train station bus route trip journey hotel room booking guest
movie film actor actress director studio show episode season series channel song album artist band singer track
player match goal league club stadium coach season win loss draw tournament champion medal race driver lap
order invoice payment shipment delivery supplier vendor warehouse stock inventory quantity unit discount tax
salary wage income expense budget revenue profit fund loan debt credit balance transaction transfer deposit
first last middle full nick given family maiden birth place home work mobile fax web site link page
open closed active inactive pending approved rejected cancelled shipped delivered returned paid unpaid
is was were be been being have has had do does did done make made get got go went gone come came
how many much what which who whom whose when where why list show give find tell count number names
small large big little long short high low old new young early late first last next previous
good bad best worst better worse most least more less each every all any some none both either
""".split()

SUFFIXES = """s es ed ing er ers est ly ion ions tion tions ment ments ness able ible al ial ic ical ive ous ful less
ity ty y ies ied id ids no num nr at on by to of""".split()


def build_vocab():
    tokens = list(SPECIALS)
    seen = set(tokens)

    def add(token):
        if token not in seen:
            seen.add(token)
            tokens.append(token)

    # Single characters and their continuations first, so every lowercase ASCII word can be spelled.
    for ch in "abcdefghijklmnopqrstuvwxyz0123456789":
        add(ch)
    for ch in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~":
        add(ch)
    for ch in "abcdefghijklmnopqrstuvwxyz0123456789":
        add("##" + ch)
    for word in COMMON_WORDS:
        add(word.lower())
    for suffix in SUFFIXES:
        add("##" + suffix)
    # Words also occur inside compounds and identifiers (bookstore, customerid): real vocabularies keep such pieces.
    for word in COMMON_WORDS:
        if len(word) > 2:
            add("##" + word.lower())
    # Two-letter continuations make the vocabulary a few thousand pieces, so unknown words split into short
    # pieces shared with related words (as a real WordPiece vocabulary does), not one piece per letter.
    letters = "abcdefghijklmnopqrstuvwxyz"
    for a in letters:
        for b in letters:
            add("##" + a + b)
    return tokens


def tokenizer_json(vocab):
    ids = {token: index for index, token in enumerate(vocab)}
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added_special_tokens(ids, SPECIALS),
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True, "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
            "pair": [
                {"SpecialToken": {"id": "[CLS]", "type_id": 0}},
                {"Sequence": {"id": "A", "type_id": 0}},
                {"SpecialToken": {"id": "[SEP]", "type_id": 0}},
                {"Sequence": {"id": "B", "type_id": 1}},
                {"SpecialToken": {"id": "[SEP]", "type_id": 1}},
            ],
            "special_tokens": {
                "[CLS]": {"id": "[CLS]", "ids": [ids["[CLS]"]], "tokens": ["[CLS]"]},
                "[SEP]": {"id": "[SEP]", "ids": [ids["[SEP]"]], "tokens": ["[SEP]"]},
            },
        },
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {
            "type": "WordPiece",
            "unk_token": "[UNK]",
            "continuing_subword_prefix": "##",
            "max_input_chars_per_word": 100,
            "vocab": ids,
        },
    }


def tables(vocab_size):
    rng = np.random.default_rng(SEED)
    words = rng.standard_normal((vocab_size, HIDDEN)).astype(np.float32)
    words[: len(SPECIALS)] = 0.0  # [PAD] [UNK] [CLS] [SEP] [MASK] carry no meaning here
    # Token types barely move a vector: the input exists because BERT exports have it, not to change similarity.
    types = (rng.standard_normal((2, HIDDEN)) * 0.01).astype(np.float32)
    types[0] = 0.0
    return words, types


def graph(words, types, quantized):
    """Builds the ONNX graph; quantized stores the word table as uint8 with one scale (what dtype q8 loads)."""
    inputs = [
        helper.make_tensor_value_info(name, TensorProto.INT64, ["batch_size", "sequence_length"])
        for name in ("input_ids", "attention_mask", "token_type_ids")
    ]
    output = helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch_size", "sequence_length", HIDDEN])
    initializers = [
        numpy_helper.from_array(types, "token_type_embeddings"),
        numpy_helper.from_array(np.ones(HIDDEN, dtype=np.float32), "ln_weight"),
        numpy_helper.from_array(np.zeros(HIDDEN, dtype=np.float32), "ln_bias"),
        numpy_helper.from_array(np.array([-1], dtype=np.int64), "last_axis"),
    ]
    nodes = []
    if quantized:
        scale = float(np.abs(words).max()) / 127.0
        q = np.clip(np.round(words / scale), -127, 127).astype(np.int16) + 128
        initializers += [
            numpy_helper.from_array(q.astype(np.uint8), "word_embeddings_quantized"),
            numpy_helper.from_array(np.array(scale, dtype=np.float32), "word_scale"),
            numpy_helper.from_array(np.array(128, dtype=np.uint8), "word_zero_point"),
        ]
        nodes += [
            helper.make_node("Gather", ["word_embeddings_quantized", "input_ids"], ["words_q"], axis=0),
            helper.make_node("DequantizeLinear", ["words_q", "word_scale", "word_zero_point"], ["words"]),
        ]
    else:
        # Stored as float16 and cast up, halving the file; inputs, arithmetic and output stay float32 (dtype fp32).
        initializers.append(numpy_helper.from_array(words.astype(np.float16), "word_embeddings_half"))
        nodes += [
            helper.make_node("Gather", ["word_embeddings_half", "input_ids"], ["words_half"], axis=0),
            helper.make_node("Cast", ["words_half"], ["words"], to=TensorProto.FLOAT),
        ]
    nodes += [
        helper.make_node("Gather", ["token_type_embeddings", "token_type_ids"], ["types"], axis=0),
        helper.make_node("Add", ["words", "types"], ["summed"]),
        helper.make_node("LayerNormalization", ["summed", "ln_weight", "ln_bias"], ["normed"], axis=-1, epsilon=1e-5),
        # Padding positions come out as zeros, as a real encoder's would not matter after masked pooling.
        helper.make_node("Cast", ["attention_mask"], ["mask_float"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["mask_float", "last_axis"], ["mask_3d"]),
        helper.make_node("Mul", ["normed", "mask_3d"], ["last_hidden_state"]),
    ]
    g = helper.make_graph(nodes, "tiny_embed", inputs, [output], initializers)
    model = helper.make_model(g, producer_name="querylab-generate-test-model", opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def main():
    vocab = build_vocab()
    os.makedirs(os.path.join(OUT, "onnx"), exist_ok=True)
    write_json(
        os.path.join(OUT, "config.json"),
        {
            "_comment": "Test fixture made by scripts/generate-test-model.py: a seeded bag-of-words model in BERT's file layout.",
            "architectures": ["BertModel"],
            "model_type": "bert",
            "hidden_size": HIDDEN,
            "num_hidden_layers": 1,
            "num_attention_heads": 1,
            "intermediate_size": HIDDEN * 2,
            "hidden_act": "gelu",
            "max_position_embeddings": 512,
            "type_vocab_size": 2,
            "vocab_size": len(vocab),
            "pad_token_id": 0,
            "layer_norm_eps": 1e-5,
        },
    )
    write_json(os.path.join(OUT, "tokenizer.json"), tokenizer_json(vocab))
    write_json(
        os.path.join(OUT, "tokenizer_config.json"),
        {
            "tokenizer_class": "BertTokenizer",
            "do_lower_case": True,
            "model_max_length": 512,
            "clean_up_tokenization_spaces": True,
            "cls_token": "[CLS]",
            "sep_token": "[SEP]",
            "pad_token": "[PAD]",
            "unk_token": "[UNK]",
            "mask_token": "[MASK]",
            "strip_accents": None,
            "tokenize_chinese_chars": True,
        },
    )
    words, types = tables(len(vocab))
    for name, quantized in (("model.onnx", False), ("model_quantized.onnx", True)):
        model = graph(words, types, quantized)
        with open(os.path.join(OUT, "onnx", name), "wb") as handle:
            handle.write(model.SerializeToString())
    print(f"wrote {os.path.relpath(OUT)}: vocabulary {len(vocab)}, hidden {HIDDEN}, {folder_kilobytes(OUT)} KB", file=sys.stderr)


if __name__ == "__main__":
    main()
