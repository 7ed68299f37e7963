package io.github.ycsbkv.internal.resp.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.util.concurrent.FastThreadLocal;
import java.nio.charset.StandardCharsets;
import site.ycsb.ByteIterator;

/**
 * Commands in RESP: an array of bulk strings ({@code *3\r\n$3\r\nSET\r\n...}), written straight into a
 * connection's outgoing buffer. Keys and field names go in as text (UTF-8, no intermediate array), values as
 * the bytes the workload handed over. Static methods; nothing allocated but what the buffer grows by.
 *
 * <p>A buffer's every write checks its bounds and capacity, which for the short pieces of a command costs more
 * than the copy: the headers of lengths below 1,024 ({@code $N\r\n}, {@code *N\r\n}) are written whole from
 * arrays made once, and a line's end as one two-byte write. A command given as its arguments' bytes ({@link
 * #command(ByteBuf, byte[][])}) has its short pieces gathered in an array of the thread's and written in one.
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

  /** Arguments shorter than this are gathered by {@link #command(ByteBuf, byte[][])}; longer ones go straight in. */
  static final int GATHER = 256;
  /** The gathering array of the thread (an event loop's, where the commands are written). */
  private static final FastThreadLocal<byte[]> SCRATCH = new FastThreadLocal<>() {
    @Override
    protected byte[] initialValue() {
      return new byte[4096];
    }
  };

  private RespWriter() {}

  /**
   * A whole command of its arguments' bytes (the commands workload's templates): the array's header and every argument
   * shorter than {@link #GATHER} bytes with its header and line end are put together in an array of the thread's and
   * written to the buffer in one, where each would be three writes (a {@code SADD} of 100 members, 300); a longer
   * argument is written straight after what was gathered before it.
   */
  public static void command(ByteBuf out, byte[][] args) {
    if (args.length >= SMALL) {
      command(out, args.length);
      for (byte[] a : args) {
        bulk(out, a);
      }
      return;
    }
    byte[] s = SCRATCH.get();
    byte[] h = ARRAY[args.length];
    System.arraycopy(h, 0, s, 0, h.length);
    int n = h.length;
    for (byte[] a : args) {
      if (a.length >= GATHER) {
        out.writeBytes(s, 0, n);
        n = 0;
        bulk(out, a);
        continue;
      }
      h = BULK[a.length];
      if (n + h.length + a.length + 2 > s.length) {
        out.writeBytes(s, 0, n);
        n = 0;
      }
      System.arraycopy(h, 0, s, n, h.length);
      n += h.length;
      System.arraycopy(a, 0, s, n, a.length);
      n += a.length;
      s[n++] = '\r';
      s[n++] = '\n';
    }
    out.writeBytes(s, 0, n);
  }

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
