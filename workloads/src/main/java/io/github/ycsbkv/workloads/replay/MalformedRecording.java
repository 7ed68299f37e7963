package io.github.ycsbkv.workloads.replay;

/** A line of a recording that its format cannot read: says the file, the line number and what is wrong. */
final class MalformedRecording extends RuntimeException {

  private static final long serialVersionUID = 1L;

  MalformedRecording(String file, long line, String what) {
    super(file + ":" + line + ": " + what);
  }

  /** At a place that is not a line: {@code where} says it ("record 12, byte 340"). */
  MalformedRecording(String file, String where, String what) {
    super(file + ": " + where + ": " + what);
  }
}
