package io.github.ycsbkv.internal.resp;

/**
 * A RESP call that failed: an error reply of the server ({@link #serverError()}: "WRONGPASS ...", "WRONGTYPE ..."),
 * a connection that could not be opened, broke or timed out (with the socket's exception as the cause), or bytes
 * that are not RESP.
 */
public final class RespException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final boolean serverError;

  public RespException(String message) {
    this(message, false);
  }

  public RespException(String message, boolean serverError) {
    super(message);
    this.serverError = serverError;
  }

  public RespException(String message, Throwable cause) {
    super(message, cause);
    this.serverError = false;
  }

  /** Whether the server answered with this error (the connection is fine). */
  public boolean serverError() {
    return serverError;
  }
}
