package io.github.ycsbkv.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FieldCodecTest {

  @Test
  void encodeDecode_roundTripsNamesAndBinaryValues_ofAnyLength() {
    Map<String, byte[]> in = new LinkedHashMap<>();
    in.put("field0", new byte[] {0, 1, 2, (byte) 0xFF});
    in.put("φ", "unicode name".getBytes(StandardCharsets.UTF_8));
    in.put("big", new byte[300]);
    in.put("empty", new byte[0]);
    Map<String, byte[]> out = FieldCodec.decode(FieldCodec.encode(in));
    assertEquals(in.keySet(), out.keySet());
    for (String k : in.keySet()) {
      assertArrayEquals(in.get(k), out.get(k), k);
    }
  }

  @Test
  void encode_layoutIsLengthPrefixed() {
    byte[] bytes = FieldCodec.encode(Map.of("a", new byte[] {'x', 'y'}));
    assertArrayEquals(new byte[] {1, 'a', 2, 'x', 'y'}, bytes);
  }

  @Test
  void decode_foreignValue_isRejectedNotMisread() {
    assertThrows(IllegalArgumentException.class,
        () -> FieldCodec.decode("a value memtier wrote".getBytes(StandardCharsets.UTF_8)));
  }
}
