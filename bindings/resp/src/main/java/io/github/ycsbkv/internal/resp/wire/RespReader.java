package io.github.ycsbkv.internal.resp.wire;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * RESP2 and RESP3 replies in a buffer: {@link #end} finds where a complete reply ends (or that it has not
 * arrived in full yet) without allocating, and the reading methods then walk that complete reply with a
 * cursor, so a call turns its reply into exactly the objects its operation hands over (a value's bytes, a
 * field name) and nothing in between. Protocol: https://redis.io/docs/latest/develop/reference/protocol-spec/.
 *
 * <p>One per connection; not thread-safe.
 */
public final class RespReader {

  /** Where the reply that starts at {@code from} would end when the buffer ended at {@code limit}: too short. */
  public static final int INCOMPLETE = -1;

  private ByteBuf buf;
  private int pos;

  /** Points the cursor at the reply that starts at {@code from} in {@code buf} (complete: see {@link #end}). */
  public RespReader at(ByteBuf buf, int from) {
    this.buf = buf;
    this.pos = from;
    return this;
  }

  /** Where the cursor is: after the last reply (or element) read. */
  public int position() {
    return pos;
  }

  /**
   * The index just after the complete reply that starts at {@code from}, or {@link #INCOMPLETE} when
   * {@code buf} holds only part of it before {@code limit}. Throws {@link RespException} for bytes that are
   * not RESP.
   */
  public static int end(ByteBuf buf, int from, int limit) {
    int i = from;
    int elements = 1; // replies still to skip: nested aggregates add theirs
    while (elements > 0) {
      if (i >= limit) {
        return INCOMPLETE;
      }
      byte type = buf.getByte(i);
      int eol = lineEnd(buf, i + 1, limit);
      if (eol < 0) {
        return INCOMPLETE;
      }
      elements--;
      switch (type) {
        case '+', '-', ':', '_', ',', '#', '(' -> i = eol + 2;
        case '$', '!', '=' -> {
          long n = number(buf, i + 1, eol);
          i = eol + 2;
          if (n >= 0) {
            if ((long) i + n + 2 > limit) {
              return INCOMPLETE;
            }
            i += (int) n + 2;
          }
        }
        case '*', '~', '>' -> {
          long n = number(buf, i + 1, eol);
          i = eol + 2;
          elements += (int) Math.max(0, n);
        }
        case '%', '|' -> {
          long n = number(buf, i + 1, eol);
          i = eol + 2;
          elements += (int) Math.max(0, 2 * n);
          if (type == '|') {
            elements++; // an attribute precedes the reply it describes
          }
        }
        default -> throw new RespException("not a RESP reply (type byte " + (type & 0xFF) + ")");
      }
    }
    return i;
  }

  /** The type byte of the reply at the cursor: '+', '-', ':', '$', '*', and RESP3's others. */
  public byte type() {
    return buf.getByte(pos);
  }

  /** Whether the reply at the cursor is an error ('-' or RESP3's '!'). */
  public boolean isError() {
    byte t = type();
    return t == '-' || t == '!';
  }

  /** Whether the reply at the cursor is a null (RESP2's $-1 or *-1, RESP3's _). */
  public boolean isNull() {
    byte t = type();
    if (t == '_') {
      return true;
    }
    if (t == '$' || t == '*') {
      return buf.getByte(pos + 1) == '-';
    }
    return false;
  }

  /**
   * A bulk string (or simple string, or number) reply's bytes, null for a null; moves past it. An aggregate
   * throws {@link RespException}.
   */
  public byte[] bytes() {
    byte t = type();
    int eol = lineEnd(buf, pos + 1, buf.writerIndex());
    if (t == '$' || t == '=' || t == '!') {
      long n = number(buf, pos + 1, eol);
      if (n < 0) {
        pos = eol + 2;
        return null;
      }
      byte[] out = new byte[(int) n];
      buf.getBytes(eol + 2, out);
      pos = eol + 2 + (int) n + 2;
      return out;
    }
    if (t == '_') {
      pos = eol + 2;
      return null;
    }
    if (t == '*' || t == '%' || t == '~' || t == '>' || t == '|') {
      throw new RespException("expected a string reply, got an aggregate ('" + (char) t + "')");
    }
    byte[] out = new byte[eol - pos - 1];
    buf.getBytes(pos + 1, out);
    pos = eol + 2;
    return out;
  }

  /** As {@link #bytes()}, as text (UTF-8); null for a null. */
  public String text() {
    byte[] b = bytes();
    return b == null ? null : new String(b, StandardCharsets.UTF_8);
  }

  /** A bulk string as text without copying it to an array first (a field name); null for a null. */
  public String ascii() {
    byte t = type();
    int eol = lineEnd(buf, pos + 1, buf.writerIndex());
    if (t == '$' || t == '=') {
      long n = number(buf, pos + 1, eol);
      if (n < 0) {
        pos = eol + 2;
        return null;
      }
      String s = buf.toString(eol + 2, (int) n, StandardCharsets.UTF_8);
      pos = eol + 2 + (int) n + 2;
      return s;
    }
    return text();
  }

  /** An integer reply (or a number in a string); moves past it. */
  public long integer() {
    byte t = type();
    if (t == ':' || t == '+' || t == '(') {
      int eol = lineEnd(buf, pos + 1, buf.writerIndex());
      long n = number(buf, pos + 1, eol);
      pos = eol + 2;
      return n;
    }
    String s = text();
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new RespException("expected an integer reply, got '" + s + "'");
    }
  }

  /**
   * The number of elements of the aggregate reply at the cursor (a RESP3 map counts its keys and values),
   * -1 for a null array; moves to its first element.
   */
  public int aggregate() {
    byte t = type();
    if (t == '_') {
      pos += 3;
      return -1;
    }
    if (t != '*' && t != '%' && t != '~' && t != '>') {
      throw new RespException("expected an array reply, got '" + (char) t + "'");
    }
    int eol = lineEnd(buf, pos + 1, buf.writerIndex());
    long n = number(buf, pos + 1, eol);
    pos = eol + 2;
    return n < 0 ? -1 : (int) (t == '%' ? 2 * n : n);
  }

  /** An error reply's text ("WRONGTYPE ..."); moves past it. */
  public String error() {
    return text();
  }

  /** Moves past the reply at the cursor, whatever it is. */
  public void skip() {
    pos = end(buf, pos, buf.writerIndex());
  }

  /**
   * The reply at the cursor as plain objects (set-up and blocking calls, not the measured path): a string as
   * {@code byte[]}, an integer as {@code Long}, an aggregate as a {@code List}, a null as null, an error as a
   * {@link RespException} (inside an aggregate) or thrown (at the top).
   */
  public Object value() {
    Object v = element();
    if (v instanceof RespException e) {
      throw e;
    }
    return v;
  }

  private Object element() {
    byte t = type();
    switch (t) {
      case ':' -> {
        return integer();
      }
      case '-', '!' -> {
        return new RespException(text(), true);
      }
      case '*', '%', '~', '>' -> {
        int n = aggregate();
        if (n < 0) {
          return null;
        }
        List<Object> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          list.add(element());
        }
        return list;
      }
      case '|' -> {
        skip();
        return element();
      }
      default -> {
        return bytes();
      }
    }
  }

  /** The index of the CR of the line that starts at {@code from}, or -1 when its LF is not before {@code limit}. */
  private static int lineEnd(ByteBuf buf, int from, int limit) {
    int lf = buf.indexOf(from, limit, (byte) '\n');
    if (lf < 0) {
      return -1;
    }
    if (lf == from || buf.getByte(lf - 1) != '\r') {
      throw new RespException("not a RESP reply (a line without CR LF)");
    }
    return lf - 1;
  }

  /** The decimal number between {@code from} and {@code to}. */
  private static long number(ByteBuf buf, int from, int to) {
    if (from >= to) {
      throw new RespException("not a RESP reply (an empty number)");
    }
    boolean negative = buf.getByte(from) == '-';
    long n = 0;
    for (int i = negative ? from + 1 : from; i < to; i++) {
      int d = buf.getByte(i) - '0';
      if (d < 0 || d > 9) {
        throw new RespException("not a RESP reply (a number with '" + (char) buf.getByte(i) + "')");
      }
      n = n * 10 + d;
    }
    return negative ? -n : n;
  }
}
