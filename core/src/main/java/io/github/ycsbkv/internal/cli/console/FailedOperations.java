package io.github.ycsbkv.internal.cli.console;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ErrorCause;
import io.github.ycsbkv.results.OperationResult;
import java.util.Locale;
import java.util.Properties;

/**
 * Decides whether a run that finished had too many failed operations ({@link OperationResult#errors()}:
 * statuses other than OK, BATCHED_OK and NOT_FOUND), against {@value #TOLERANCE}: a count of failed
 * operations (for example {@code 100}) or a share of all operations (for example {@code 0.5%}) that the
 * user accepts. The default, {@value #DEFAULT_TOLERANCE}, accepts none. Stateless.
 */
public final class FailedOperations {

  /** The property: failed operations a run may have and still exit 0. */
  static final String TOLERANCE = EngineProperties.ERRORS_TOLERANCE;
  static final String DEFAULT_TOLERANCE = "0";
  /** Exit code of a run that finished but had more failed operations than {@value #TOLERANCE} allows. */
  public static final int EXIT_OPERATIONS_FAILED = 3;

  private FailedOperations() {}

  /** Checks {@value #TOLERANCE} before anything runs; a malformed value is a usage error. */
  public static void validate(Properties props) {
    allowed(props, 0);
  }

  /** Failed operations that {@code props} allow out of {@code total}. */
  static double allowed(Properties props, long total) {
    String text = props.getProperty(TOLERANCE, DEFAULT_TOLERANCE).trim();
    try {
      if (text.endsWith("%")) {
        double percent = Double.parseDouble(text.substring(0, text.length() - 1).trim());
        if (percent < 0 || percent > 100 || Double.isNaN(percent)) {
          throw new NumberFormatException();
        }
        return total * percent / 100.0;
      }
      long count = Long.parseLong(text);
      if (count < 0) {
        throw new NumberFormatException();
      }
      return count;
    } catch (NumberFormatException e) {
      throw new UserError("property '" + TOLERANCE + "' must be a count of failed operations (e.g. 100) or a share"
          + " of all operations (e.g. 0.5%), got '" + text + "'");
    }
  }

  /** The tolerance in force, as the user would set it: "errors.tolerance=0". */
  public static String inForce(Properties props) {
    return TOLERANCE + "=" + props.getProperty(TOLERANCE, DEFAULT_TOLERANCE);
  }

  /**
   * One line for stderr when {@code result} had more failed operations than allowed: the count, the
   * share and the most frequent cause; {@code null} when it is within the tolerance.
   */
  public static String check(BenchmarkResult result, Properties props) {
    String failed = summary(result, props);
    return failed == null ? null : String.format(Locale.US, "%s; exit %d (%s; set it, e.g. %s=1%%, to accept some)",
        failed, EXIT_OPERATIONS_FAILED, inForce(props), TOLERANCE);
  }

  /**
   * What failed when {@code result} had more failed operations than allowed ("737,403 of 1,474,560 operations failed
   * (50.01%); main cause: UPDATE ..."), else {@code null}. A sweep's repetition says it as it is.
   */
  public static String summary(BenchmarkResult result, Properties props) {
    long failed = 0;
    long total = 0;
    ErrorCause main = null;
    String mainOperation = null;
    for (OperationResult op : result.operationResults()) {
      if (op.operation().equals("CLEANUP")) {
        continue;
      }
      failed += op.errors();
      total += op.count();
      for (ErrorCause c : op.errorCauses()) {
        if (!c.cause().equals(ErrorCause.OTHER_CAUSES) && (main == null || c.count() > main.count())) {
          main = c;
          mainOperation = op.operation();
        }
      }
    }
    if (failed == 0 || failed <= allowed(props, total)) {
      return null;
    }
    return String.format(Locale.US, "%,d of %,d operations failed (%.2f%%)%s", failed, total,
        100.0 * failed / Math.max(1, total), main == null ? "" : "; main cause: " + mainOperation + " "
        + main.describe() + " (" + String.format(Locale.US, "%,d", main.count()) + ")");
  }
}
