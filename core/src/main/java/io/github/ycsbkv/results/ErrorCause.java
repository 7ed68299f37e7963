package io.github.ycsbkv.results;

import site.ycsb.Status;

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
  /** Longest cause text kept, in characters. */
  public static final int MAX_CAUSE_LENGTH = 300;

  /**
   * The cause a status carries: its description, on one line and at most {@link #MAX_CAUSE_LENGTH}
   * characters, or {@link #NO_CAUSE} for a bare standard status such as {@code Status.ERROR}.
   */
  public static String of(String statusName, String description) {
    if (description == null || description.isBlank() || isStandard(statusName, description)) {
      return NO_CAUSE;
    }
    String line = description.strip().replaceAll("\\s+", " ");
    return line.length() <= MAX_CAUSE_LENGTH ? line : line.substring(0, MAX_CAUSE_LENGTH - 3) + "...";
  }

  private static final Status[] STANDARD = {Status.ERROR, Status.NOT_FOUND, Status.NOT_IMPLEMENTED,
      Status.UNEXPECTED_STATE, Status.BAD_REQUEST, Status.FORBIDDEN, Status.SERVICE_UNAVAILABLE};

  private static boolean isStandard(String statusName, String description) {
    for (Status standard : STANDARD) {
      if (standard.getName().equals(statusName) && standard.getDescription().equals(description)) {
        return true;
      }
    }
    return false;
  }

  /** The cause as printed: {@code cause}, prefixed with the status when it is not plain {@code ERROR}. */
  public String describe() {
    return status.equals("ERROR") ? cause : status + ": " + cause;
  }
}
