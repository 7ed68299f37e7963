package io.github.ycsbkv.engine;

import io.github.ycsbkv.spi.Notices;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a phase has to tell its user: warnings, kept for the result and printed at once as {@code ycsb: warning:
 * ...}, and notes, printed as {@code ycsb-kv: ...} only. Either goes nowhere without an output. The phase's thread
 * and its clients' bindings (through {@link #forBindings()}) may call it at once.
 */
final class Warnings implements Notices {

  private final PrintStream out;
  private final List<String> warnings = new ArrayList<>();
  /** What the bindings said so far: each text once, however many clients say it. */
  private final Set<String> fromBindings = new HashSet<>();

  Warnings(PrintStream out) {
    this.out = out;
  }

  /** A warning: in the result, and on the output now. */
  @Override
  public synchronized void warn(String warning) {
    warnings.add(warning);
    if (out != null) {
      out.println("ycsb: warning: " + warning);
    }
  }

  /** A note for people watching the run (the load's shape, the client's CPU, an outage), not kept. */
  @Override
  public synchronized void note(String note) {
    if (out != null) {
      out.println("ycsb-kv: " + note);
    }
  }

  /** Where the clients' bindings warn and note: here, each distinct text once. */
  Notices forBindings() {
    return new Notices() {
      @Override
      public void warn(String warning) {
        if (first("w" + warning)) {
          Warnings.this.warn(warning);
        }
      }

      @Override
      public void note(String note) {
        if (first("n" + note)) {
          Warnings.this.note(note);
        }
      }
    };
  }

  private synchronized boolean first(String said) {
    return fromBindings.add(said);
  }

  /** The warnings so far, in order. */
  synchronized List<String> list() {
    return new ArrayList<>(warnings);
  }
}
