package io.github.ycsbkv.internal.resp.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;
import site.ycsb.ByteIterator;

/**
 * Commands in RESP: an array of bulk strings ({@code *3\r\n$3\r\nSET\r\n...}), written straight into a
 * connection's outgoing buffer. Keys and field names go in as text (UTF-8, no intermediate array), values as
 * the bytes the workload handed over. Static methods; nothing allocated but what the buffer grows by.
 */
public final class RespWriter {

  private static final byte[] CRLF = {'\r', '\n'};
  /** "$N\r\n" prefixes of the command names' lengths are short: digits of a length, reused. */
  private static final byte[][] SMALL = new byte[1024][];

  static {
    for (int i = 0; i < SMALL.length; i++) {
      SMALL[i] = Integer.toString(i).getBytes(StandardCharsets.US_ASCII);
    }
  }

  private RespWriter() {}

  /** {@code *n\r\n}: a command of {@code n} arguments (its name included) follows. */
  public static void command(ByteBuf out, int n) {
    out.writeByte('*');
    number(out, n);
    out.writeBytes(CRLF);
  }

  /** A bulk string of raw bytes. */
  public static void bulk(ByteBuf out, byte[] value) {
    out.writeByte('$');
    number(out, value.length);
    out.writeBytes(CRLF);
    out.writeBytes(value);
    out.writeBytes(CRLF);
  }

  /** A bulk string of text in UTF-8, without an intermediate array. */
  public static void bulk(ByteBuf out, CharSequence text) {
    out.writeByte('$');
    number(out, ByteBufUtil.utf8Bytes(text));
    out.writeBytes(CRLF);
    ByteBufUtil.writeUtf8(out, text);
    out.writeBytes(CRLF);
  }

  /** A bulk string of a number's digits. */
  public static void bulk(ByteBuf out, long value) {
    if (value >= 0 && value < SMALL.length) {
      bulk(out, SMALL[(int) value]);
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

  private static void number(ByteBuf out, long n) {
    if (n >= 0 && n < SMALL.length) {
      out.writeBytes(SMALL[(int) n]);
    } else {
      out.writeCharSequence(Long.toString(n), StandardCharsets.US_ASCII);
    }
  }
}
