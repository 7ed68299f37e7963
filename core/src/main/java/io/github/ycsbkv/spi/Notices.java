package io.github.ycsbkv.spi;

/**
 * Where a binding tells its user what they should know about the run: a warning (the run measures something other
 * than it may seem, for example scans that will all fail) is kept in the result and printed as
 * {@code ycsb: warning: ...}; a note (what the binding did to the server, what an option costs) is only printed, as
 * {@code ycsb-kv: ...}. Each distinct text is given once per phase, however many clients give it.
 *
 * <p>A {@code site.ycsb.DB} that implements {@link Told} is handed the phase's notices before its {@code init()}; one
 * that runs outside ycsb-kv's engine (upstream YCSB's client) is not, and uses {@link #STANDARD_ERROR}. Either may be
 * called from any client's thread.
 */
public interface Notices {

  /** A warning: in the result, and printed now. {@code warning} without the {@code ycsb: warning:} prefix. */
  void warn(String warning);

  /** A note, printed now, not kept. {@code note} without the {@code ycsb-kv:} prefix. */
  void note(String note);

  /** Both printed on standard error, as YCSB's own bindings print: for a binding no engine told. */
  Notices STANDARD_ERROR = new Notices() {
    @Override
    public void warn(String warning) {
      System.err.println("ycsb: warning: " + warning);
    }

    @Override
    public void note(String note) {
      System.err.println("ycsb-kv: " + note);
    }
  };

  /** A binding that has things to tell: the engine calls {@link #notices} before {@code init()}. */
  interface Told {

    /** Where this instance's warnings and notes go from now on. */
    void notices(Notices notices);
  }
}
