package io.github.ycsbkv.engine;

import java.util.Locale;

/** What a benchmark does: insert the initial records ({@code load}) or run transactions ({@code run}). */
public enum Phase {
  /** Calls {@code Workload.doInsert}; counts {@code insertcount}, else {@code recordcount}, operations. */
  LOAD,
  /** Calls {@code Workload.doTransaction}; counts {@code operationcount} operations. */
  RUN;

  /** The command name, {@code load} or {@code run}. */
  public String command() {
    return name().toLowerCase(Locale.ROOT);
  }
}
