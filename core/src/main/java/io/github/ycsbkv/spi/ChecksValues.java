package io.github.ycsbkv.spi;

/**
 * Says whether a {@code site.ycsb.Workload} checks the values it reads when {@code dataintegrity=true}
 * (as upstream's {@code CoreWorkload} does). The engine assumes a workload that does not implement this
 * checks them. One that does not check makes the engine say that {@code dataintegrity=true} has no
 * effect, and lifts what the setting forbids (pipelining, a few threads serving many clients), as it
 * does for a load, which never reads.
 */
public interface ChecksValues {

  /** Whether reads are checked against the values written when {@code dataintegrity=true}. */
  boolean checksValues();
}
