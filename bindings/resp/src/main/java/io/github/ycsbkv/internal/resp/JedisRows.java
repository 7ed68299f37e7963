package io.github.ycsbkv.internal.resp;

import io.github.ycsbkv.codec.FieldCodec;
import io.github.ycsbkv.internal.resp.wire.RecordFormat;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * A record in the shapes a byte-array client library takes and returns (Jedis, Lettuce): field names as bytes,
 * encoded once per instance; a record's values as a hash's field map or as one string ({@link RecordFormat}); and a
 * {@code GET}, {@code HGETALL} or {@code HMGET} reply as a YCSB row. Not thread-safe: one per binding instance.
 */
public final class JedisRows {

  private final RecordFormat format;
  private final Map<String, byte[]> names = new HashMap<>();

  public JedisRows(RecordFormat format) {
    this.format = format;
  }

  public RecordFormat format() {
    return format;
  }

  /** A field name's bytes (field names repeat on every operation: each is encoded once). */
  public byte[] name(String field) {
    byte[] b = names.get(field);
    if (b == null) {
      b = bytes(field);
      names.put(field, b);
    }
    return b;
  }

  /** The names of {@code fields}, in the set's order. */
  public byte[][] names(Set<String> fields) {
    byte[][] out = new byte[fields.size()][];
    int i = 0;
    for (String f : fields) {
      out[i++] = name(f);
    }
    return out;
  }

  /** {@code values} as a hash's fields. */
  public Map<byte[], byte[]> hashValues(Map<String, ByteIterator> values) {
    Map<byte[], byte[]> out = new HashMap<>(values.size() * 2);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      out.put(name(e.getKey()), e.getValue().toArray());
    }
    return out;
  }

  /** {@code values} as the string model's value of a whole record. */
  public byte[] stringValue(Map<String, ByteIterator> values) {
    return format.encode(FieldCodec.toBytes(values));
  }

  /**
   * Fills {@code row} from a {@code GET} (bytes), {@code HGETALL} (a map) or {@code HMGET} (a list in the order of
   * {@code fields}) reply; false when the record does not exist.
   */
  @SuppressWarnings("unchecked")
  public boolean toRow(Object reply, Set<String> fields, Map<String, ByteIterator> row) {
    if (reply == null) {
      return false;
    }
    if (reply instanceof byte[] value) {
      for (Map.Entry<String, byte[]> e : format.decode(value).entrySet()) {
        if (fields == null || fields.contains(e.getKey())) {
          row.put(e.getKey(), new ByteArrayByteIterator(e.getValue()));
        }
      }
      return true;
    }
    if (reply instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        return false;
      }
      for (Map.Entry<byte[], byte[]> e : ((Map<byte[], byte[]>) map).entrySet()) {
        row.put(new String(e.getKey(), StandardCharsets.UTF_8), new ByteArrayByteIterator(e.getValue()));
      }
      return true;
    }
    List<byte[]> values = (List<byte[]>) reply;
    boolean any = false;
    int i = 0;
    for (String field : fields) {
      byte[] v = values.get(i++);
      if (v != null) {
        row.put(field, new ByteArrayByteIterator(v));
        any = true;
      }
    }
    return any;
  }

  /** UTF-8 bytes. */
  public static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
