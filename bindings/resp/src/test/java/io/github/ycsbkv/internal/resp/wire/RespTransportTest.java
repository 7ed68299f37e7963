package io.github.ycsbkv.internal.resp.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RespTransportTest {

  @Test
  void whyGivesTheInnermostReasonOfAClassInitialisationError() {
    // What Netty's IoUring.unavailabilityCause() held with two Netty versions' jars on one class path.
    Throwable cause = new ExceptionInInitializerError(new IllegalStateException(
        "Multiple resources found for 'META-INF/native/libnetty_transport_native_io_uring42_x86_64.so' with\n"
            + "  different content"));
    assertEquals("Multiple resources found for 'META-INF/native/libnetty_transport_native_io_uring42_x86_64.so'"
        + " with different content", RespTransport.why(cause));
  }

  @Test
  void whyKeepsAnOuterMessageWhenTheInnerOnesSayNothing() {
    Throwable cause = new UnsatisfiedLinkError("io_uring_setup: Operation not permitted");
    cause.initCause(new RuntimeException((String) null));
    assertEquals("io_uring_setup: Operation not permitted", RespTransport.why(cause));
  }

  @Test
  void whyNamesTheClassWhenNothingSaysAnything() {
    assertEquals("ExceptionInInitializerError", RespTransport.why(new ExceptionInInitializerError((String) null)));
    assertEquals("no reason given", RespTransport.why(null));
  }

  @Test
  void whyIsCutToOneShortLine() {
    String why = RespTransport.why(new IllegalStateException("x".repeat(500)));
    assertEquals(RespTransport.WHY_MAX, why.length());
    assertTrue(why.endsWith("..."), why);
  }
}
