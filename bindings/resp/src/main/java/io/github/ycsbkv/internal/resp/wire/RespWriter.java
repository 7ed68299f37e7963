package io.github.ycsbkv.internal.resp.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;
import site.ycsb.ByteIterator;

/**
 * Commands in RESP: an array of bulk strings ({@code *3\r\n$3\r\nSET\r\n...}), written straight into a
 * connection's outgoing buffer. Keys and field names go in as text (UTF-8, no intermediate array), values as
 * the bytes the workload handed over. Static methods; nothing allocated but what the buffer grows by.
 *
 * <p>A buffer's every write checks its bounds and capacity, which for the short pieces of a command costs more
 * than the copy: the headers of lengths below 1,024 ({@code $N\r\n}, {@code *N\r\n}) are written whole from
 * arrays made once, and a line's end as one two-byte write.
 */
public final class RespWriter {

  /** {@code \r\n} as one big-endian short. */
  private static final int CRLF = ('\r' << 8) | '\n';
  /** Lengths and counts below this have their headers made once. */
  private static final int SMALL = 1024;
  /** {@code $N\r\n} for N below {@link #SMALL}. */
  private static final byte[][] BULK = headers('$');
  /** {@code *N\r\n} for N below {@link #SMALL}. */
  private static final byte[][] ARRAY = headers('*');
  /** The digits of numbers below {@link #SMALL}, for numbers sent as bulk strings. */
  private static final byte[][] DIGITS = new byte[SMALL][];

  static {
    for (int i = 0; i < SMALL; i++) {
      DIGITS[i] = Integer.toString(i).getBytes(StandardCharsets.US_ASCII);
    }
  }

  private RespWriter() {}

  private static byte[][] headers(char type) {
    byte[][] all = new byte[SMALL][];
    for (int i = 0; i < SMALL; i++) {
      all[i] = (type + Integer.toString(i) + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }
    return all;
  }

  /** {@code *n\r\n}: a command of {@code n} arguments (its name included) follows. */
  public static void command(ByteBuf out, int n) {
    header(out, ARRAY, '*', n);
  }

  /** A bulk string of raw bytes. */
  public static void bulk(ByteBuf out, byte[] value) {
    header(out, BULK, '$', value.length);
    out.writeBytes(value);
    out.writeShort(CRLF);
  }

  /** A bulk string of text in UTF-8, without an intermediate array. */
  public static void bulk(ByteBuf out, CharSequence text) {
    header(out, BULK, '$', ByteBufUtil.utf8Bytes(text));
    ByteBufUtil.writeUtf8(out, text);
    out.writeShort(CRLF);
  }

  /** A bulk string of a number's digits. */
  public static void bulk(ByteBuf out, long value) {
    if (value >= 0 && value < SMALL) {
      bulk(out, DIGITS[(int) value]);
    } else {
      bulk(out, Long.toString(value));
    }
  }

  /** A bulk string of a workload's value (read once, as a {@code ByteIterator} can be). */
  public static void bulk(ByteBuf out, ByteIterator value) {
    bulk(out, value.toArray());
  }

  /** A whole command of text arguments (set-up and blocking calls). */
  public static void command(ByteBuf out, Object... args) {
    command(out, args.length);
    for (Object a : args) {
      if (a instanceof byte[] b) {
        bulk(out, b);
      } else if (a instanceof Long || a instanceof Integer) {
        bulk(out, ((Number) a).longValue());
      } else {
        bulk(out, String.valueOf(a));
      }
    }
  }

  /** {@code typeN\r\n}: from {@code made} when N is small, else its digits written out. */
  private static void header(ByteBuf out, byte[][] made, char type, int n) {
    if (n >= 0 && n < SMALL) {
      out.writeBytes(made[n]);
    } else {
      out.writeByte(type);
      out.writeCharSequence(Integer.toString(n), StandardCharsets.US_ASCII);
      out.writeShort(CRLF);
    }
  }
}
