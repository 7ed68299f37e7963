package io.github.ycsbkv.workloads.replay;

/** A line of a recording that its format cannot read: says the file, the line number and what is wrong. */
final class MalformedRecording extends RuntimeException {

  private static final long serialVersionUID = 1L;

  MalformedRecording(String file, long line, String what) {
    super(file + ":" + line + ": " + what);
  }
}
