package io.github.ycsbkv.internal.resp.wire;

/**
 * A RESP call that failed: an error reply of the server ({@link #serverError()}: "WRONGPASS ...", "WRONGTYPE ..."),
 * a connection that could not be opened, broke or timed out (with the socket's exception as the cause), or bytes
 * that are not RESP.
 */
public final class RespException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final boolean serverError;
  /** Of a lane's connections, how many were open when this one failed, and how many it has; -1 when not counted. */
  private int opened = -1;
  private int connections = -1;
  /** Whether the message is the whole line for the user, which {@link RespErrors#explain} gives as it is. */
  private boolean whole;

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

  /** A failure whose message says all the user needs (what is wrong, where, and what to do). */
  public static RespException whole(String message) {
    RespException e = new RespException(message);
    e.whole = true;
    return e;
  }

  /** Whether the message is the whole line for the user ({@link #whole(String)}). */
  public boolean isWhole() {
    return whole;
  }

  /** Whether the server answered with this error (the connection is fine). */
  public boolean serverError() {
    return serverError;
  }

  /** This failure, counted: {@code opened} of the lane's {@code connections} were open when it came. */
  public RespException opened(int opened, int connections) {
    this.opened = opened;
    this.connections = connections;
    return this;
  }

  /** How many of the lane's connections were open when this failure came, or -1 when it was the first's. */
  public int openedConnections() {
    return opened;
  }

  /** The connections of the lane whose connection failed, or -1. */
  public int laneConnections() {
    return connections;
  }
}
