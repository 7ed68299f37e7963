package io.github.ycsbkv.engine;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * What a phase has to tell its user: warnings, kept for the result and printed at once as {@code ycsb: warning:
 * ...}, and notes, printed as {@code ycsb-kv: ...} only. Either goes nowhere without an output. Used by the thread
 * that runs the phase.
 */
final class Warnings {

  private final PrintStream out;
  private final List<String> warnings = new ArrayList<>();

  Warnings(PrintStream out) {
    this.out = out;
  }

  /** A warning: in the result, and on the output now. */
  void warn(String warning) {
    warnings.add(warning);
    if (out != null) {
      out.println("ycsb: warning: " + warning);
    }
  }

  /** A note for people watching the run (the load's shape, the client's CPU, an outage), not kept. */
  void note(String note) {
    if (out != null) {
      out.println("ycsb-kv: " + note);
    }
  }

  /** The warnings so far, in order. */
  List<String> list() {
    return warnings;
  }
}
