package io.github.ycsbkv.engine.stop;

import java.util.Locale;

/** Why a benchmark's client threads stopped. */
public enum StopReason {
  /** Every thread did its share of the operation count. */
  COMPLETED,
  /** {@code maxexecutiontime} elapsed. */
  MAX_EXECUTION_TIME,
  /** The workload asked to stop (a {@code doInsert}/{@code doTransaction} returned false). */
  WORKLOAD,
  /** The user interrupted the run (Ctrl-C). */
  INTERRUPTED,
  /** The run could not go on: a binding failed to start, threw, or every operation kept failing. */
  FAILED;

  /** The lower-case name written to results, for example {@code max_execution_time}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
