/** Encodings shared by bindings and workloads: a record's fields packed in one value ({@link io.github.ycsbkv.codec.FieldCodec}). */
package io.github.ycsbkv.codec;
