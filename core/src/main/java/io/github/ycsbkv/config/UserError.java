package io.github.ycsbkv.config;

/**
 * A mistake in what the user asked for (an unknown binding, a missing file, a malformed number),
 * or a condition the user must fix (an unreachable server). The command line prints its message as
 * one line, without a stack trace, and exits with {@link #exitCode()}.
 *
 * <p>Messages say what is wrong and what to do, and never contain a secret.
 */
public class UserError extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Exit code for malformed input: usage and configuration errors. */
  public static final int USAGE = 2;
  /** Exit code for a benchmark that could not start or could not finish. */
  public static final int FAILED = 1;

  private final int exitCode;

  /** A configuration error (exit code {@value #USAGE}). */
  public UserError(String message) {
    this(message, USAGE, null);
  }

  /** An error with the given exit code and cause (kept for {@code YCSB_KV_DEBUG=1}). */
  public UserError(String message, int exitCode, Throwable cause) {
    super(message, cause);
    this.exitCode = exitCode;
  }

  /** The process exit code this error maps to. */
  public int exitCode() {
    return exitCode;
  }

  /**
   * The first exception of {@code type} among {@code t}, its causes and their suppressed exceptions (client
   * libraries keep a socket's failure as either), or null.
   */
  public static <T extends Throwable> T findCause(Throwable t, Class<T> type) {
    java.util.ArrayDeque<Throwable> todo = new java.util.ArrayDeque<>(java.util.List.of(t));
    java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    while (!todo.isEmpty()) {
      Throwable c = todo.poll();
      if (!seen.add(c)) {
        continue;
      }
      if (type.isInstance(c)) {
        return type.cast(c);
      }
      if (c.getCause() != null) {
        todo.add(c.getCause());
      }
      todo.addAll(java.util.List.of(c.getSuppressed()));
    }
    return null;
  }

  /**
   * One line describing {@code t}: its message, followed by the message of its root cause where
   * that adds something (for example "Failed to connect: Connection refused").
   */
  public static String describe(Throwable t) {
    String top = messageOf(t);
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String rootMessage = messageOf(root);
    String line = (root == t || top.contains(rootMessage)) ? top : top + ": " + rootMessage;
    return Secrets.redactText(line.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim());
  }

  private static String messageOf(Throwable t) {
    String message = t.getMessage();
    return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
  }
}
