package io.github.ycsbkv.internal.resp.wire;

import io.github.ycsbkv.codec.FieldCodec;
import io.github.ycsbkv.config.BindingProperties;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;

/**
 * How a RESP binding stores a YCSB record ({@code <binding>.datatype}): one hash, a field per YCSB field
 * ({@code HSET}, {@code HGETALL}, {@code HMGET}), or one string ({@code SET}, {@code GET}: the field's bytes when
 * the workload has one field, else the fields packed by {@link FieldCodec}). Immutable.
 *
 * @param fieldCount the workload's {@code fieldcount}
 * @param fieldPrefix the workload's {@code fieldnameprefix}
 */
public record RecordFormat(Model model, int fieldCount, String fieldPrefix) {

  /** A record as one hash, or as one string. */
  public enum Model { HASH, STRING }

  /**
   * Reads {@code <binding>.datatype} (hash, the default, or string), {@code fieldcount} and {@code fieldnameprefix}.
   */
  public static RecordFormat parse(Properties p, String binding) throws DBException {
    String property = binding + ".datatype";
    String raw = p.getProperty(property);
    Model model = Model.HASH;
    if (raw != null && !raw.isBlank()) {
      switch (raw.trim().toLowerCase(Locale.ROOT)) {
        case "hash" -> model = Model.HASH;
        case "string" -> model = Model.STRING;
        default -> throw new DBException("property '" + property + "' must be one of hash, string, got '" + raw + "'");
      }
    }
    return new RecordFormat(model, BindingProperties.integer(p, "fieldcount", 10, 1),
        p.getProperty("fieldnameprefix", "field"));
  }

  /** Whether records are hashes. */
  public boolean hash() {
    return model == Model.HASH;
  }

  /** Whether an update of {@code values} must read the record first: string model, some fields of several. */
  public boolean partialUpdate(Map<String, ByteIterator> values) {
    return model == Model.STRING && fieldCount > 1 && values.size() < fieldCount;
  }

  /** The string model's value of a record: the one field's bytes, or the fields packed. */
  public byte[] encode(Map<String, byte[]> record) {
    return FieldCodec.encodeRecord(record, fieldCount);
  }

  /** The fields of a string model's value. */
  public Map<String, byte[]> decode(byte[] value) {
    return FieldCodec.decodeRecord(value, fieldCount, fieldPrefix);
  }
}
