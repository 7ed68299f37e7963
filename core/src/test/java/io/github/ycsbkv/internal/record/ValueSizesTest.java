package io.github.ycsbkv.internal.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ValueSizesTest {

  @Test
  void reduce_valuesBecomeTheirSizes_keysFieldsAndOtherCommandsStay() {
    assertEquals("1.5 [0 c:1] \"SET\" \"k\" \"__bytes:5__\" \"EX\" \"10\"",
        ValueSizes.reduce("1.5 [0 c:1] \"SET\" \"k\" \"hello\" \"EX\" \"10\""));
    assertEquals("1.5 [0 c:1] \"set\" \"k\" \"__bytes:3__\"",
        ValueSizes.reduce("1.5 [0 c:1] \"set\" \"k\" \"a\\x01\\\"\""), "escapes count as the bytes they stand for");
    assertEquals("1 [0 c] \"HSET\" \"h\" \"f1\" \"__bytes:2__\" \"f2\" \"__bytes:1__\"",
        ValueSizes.reduce("1 [0 c] \"HSET\" \"h\" \"f1\" \"v1\" \"f2\" \"v\""));
    assertEquals("1 [0 c] \"MSET\" \"a\" \"__bytes:1__\" \"b\" \"__bytes:2__\"",
        ValueSizes.reduce("1 [0 c] \"MSET\" \"a\" \"1\" \"b\" \"22\""));
    assertEquals("1 [0 c] \"RPUSH\" \"l\" \"__bytes:1__\" \"__bytes:2__\"",
        ValueSizes.reduce("1 [0 c] \"RPUSH\" \"l\" \"x\" \"yy\""));
    assertEquals("1 [0 c] \"ZADD\" \"z\" \"1\" \"m\"", ValueSizes.reduce("1 [0 c] \"ZADD\" \"z\" \"1\" \"m\""));
    assertEquals("1 [0 c] \"SET\" \"k", ValueSizes.reduce("1 [0 c] \"SET\" \"k"), "a cut line stays as it is");
  }
}
