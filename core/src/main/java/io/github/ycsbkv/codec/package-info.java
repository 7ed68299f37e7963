/** Encodings shared by bindings: a record's fields in one value. */
package io.github.ycsbkv.codec;
