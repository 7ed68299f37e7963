package io.github.ycsbkv.results;

/**
 * One distinct reason why operations of one type failed, with how often it happened.
 *
 * @param status the status name the binding returned, for example {@code ERROR}
 * @param cause what the binding said: an exception class and message or a server result code;
 *     {@link #NO_CAUSE} when the binding returned a bare status; {@link #OTHER_CAUSES} for the
 *     failures whose causes were not kept (only the most frequent are)
 * @param count operations that failed this way
 */
public record ErrorCause(String status, String cause, long count) {

  /** The cause of a bare status, without a description of its own. */
  public static final String NO_CAUSE = "(no cause given by the binding)";
  /** The cause under which failures beyond the kept causes are counted. */
  public static final String OTHER_CAUSES = "(other causes)";
  /** How many distinct causes a result keeps per operation type, most frequent first. */
  public static final int MAX_CAUSES = 5;

  /** The cause as printed: {@code cause}, prefixed with the status when it is not plain {@code ERROR}. */
  public String describe() {
    return status.equals("ERROR") ? cause : status + ": " + cause;
  }
}
