package io.github.ycsbkv.spi;

import java.util.Map;
import java.util.Properties;

/**
 * Optional capability of a {@code site.ycsb.DB}: the bytes its requests put on the wire and their replies took off
 * it, by operation name, counted where {@link #PROPERTY} asks (the {@code memtier} command asks, for memtier's
 * {@code KB/sec}). The engine adds each instance's counts up as its client ends, into each operation's
 * {@code wire} in {@code result.json}. A binding without this interface, or one that counted nothing, leaves them
 * out; none is ever written as zero.
 */
public interface WireBytes {

  /** Property: {@code true} to count the bytes on the wire (default {@code false}: counting costs a little). */
  String PROPERTY = "measure.wirebytes";

  /** Whether {@code p} asks to count them. */
  static boolean asked(Properties p) {
    return Boolean.parseBoolean(p.getProperty(PROPERTY, "false").trim());
  }

  /**
   * Each operation this instance counted: {requests, bytes sent, bytes received} since it began, the RESP (or other
   * protocol) bytes before any TLS; empty when it counted none.
   */
  Map<String, long[]> wireBytes();
}
