package io.github.ycsbkv.codec;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import site.ycsb.ByteIterator;

/**
 * Encoding of a record's fields into one string value, for the RESP bindings' {@code string} data
 * model ({@code redis.datatype=string}, {@code dragonfly.datatype=string}).
 *
 * <p>Layout: for each field, its name's length and its value's length as unsigned LEB128 varints,
 * each followed by the bytes (name in UTF-8). A workload with a single field stores that field's
 * raw bytes instead, so a GET/SET workload moves exactly the value size, as memtier does.
 * Stateless and thread-safe.
 */
public final class FieldCodec {

  private FieldCodec() {}

  /** The record as a string value: the single field's raw bytes when the workload has one field, else {@link #encode}. */
  public static byte[] encodeRecord(Map<String, byte[]> record, int fieldCount) {
    if (fieldCount == 1 && record.size() == 1) {
      return record.values().iterator().next();
    }
    return encode(record);
  }

  /** Reverses {@link #encodeRecord}: with one field, the value is {@code <fieldPrefix>0}'s raw bytes. */
  public static Map<String, byte[]> decodeRecord(byte[] value, int fieldCount, String fieldPrefix) {
    return fieldCount == 1 ? Map.of(fieldPrefix + "0", value) : decode(value);
  }

  /** Reads every value's bytes once (a {@code ByteIterator} can be read only once). */
  public static Map<String, byte[]> toBytes(Map<String, ByteIterator> values) {
    Map<String, byte[]> out = new HashMap<>(values.size() * 2);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      out.put(e.getKey(), e.getValue().toArray());
    }
    return out;
  }

  public static byte[] encode(Map<String, byte[]> fields) {
    int size = 0;
    for (Map.Entry<String, byte[]> e : fields.entrySet()) {
      size += 10 + e.getKey().length() * 3 + e.getValue().length;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(size);
    for (Map.Entry<String, byte[]> e : fields.entrySet()) {
      byte[] name = e.getKey().getBytes(StandardCharsets.UTF_8);
      varint(out, name.length);
      out.write(name, 0, name.length);
      varint(out, e.getValue().length);
      out.write(e.getValue(), 0, e.getValue().length);
    }
    return out.toByteArray();
  }

  /** Decodes what {@link #encode} wrote; throws {@link IllegalArgumentException} on malformed input. */
  public static Map<String, byte[]> decode(byte[] bytes) {
    Map<String, byte[]> out = new HashMap<>();
    int[] pos = {0};
    while (pos[0] < bytes.length) {
      int nameLength = readVarint(bytes, pos);
      String name = new String(bytes, pos[0], checked(bytes, pos[0], nameLength), StandardCharsets.UTF_8);
      pos[0] += nameLength;
      int valueLength = readVarint(bytes, pos);
      byte[] value = new byte[checked(bytes, pos[0], valueLength)];
      System.arraycopy(bytes, pos[0], value, 0, valueLength);
      pos[0] += valueLength;
      out.put(name, value);
    }
    return out;
  }

  private static int checked(byte[] bytes, int at, int length) {
    if (length < 0 || at + length > bytes.length) {
      throw new IllegalArgumentException("not a ycsb-kv encoded record (length " + length + " at " + at + ")");
    }
    return length;
  }

  private static void varint(ByteArrayOutputStream out, int value) {
    while ((value & ~0x7F) != 0) {
      out.write((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    out.write(value);
  }

  private static int readVarint(byte[] bytes, int[] pos) {
    int result = 0;
    for (int shift = 0; shift < 32; shift += 7) {
      if (pos[0] >= bytes.length) {
        throw new IllegalArgumentException("not a ycsb-kv encoded record (truncated length)");
      }
      byte b = bytes[pos[0]++];
      result |= (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return result;
      }
    }
    throw new IllegalArgumentException("not a ycsb-kv encoded record (length too long)");
  }
}
