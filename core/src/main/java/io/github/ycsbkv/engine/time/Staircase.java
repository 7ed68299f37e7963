package io.github.ycsbkv.engine.time;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.UserError;
import java.time.Duration;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The closed-loop clients started in steps ({@value EngineProperties#STAIRCASE}{@code =START+STEP@DURATION}, as
 * memtier_benchmark's {@code --clients-start}, {@code --clients-step} and {@code --step-duration}): START clients at
 * the measured phase's start, STEP more after each DURATION, until every client runs. Client {@code i} (0, 1, ...)
 * starts {@link #startNanos(int)} after the phase's start; a client that has not started sends nothing (its
 * connection is open and idle, or opened at its step: {@link io.github.ycsbkv.spi.StagedConnections}). Immutable.
 *
 * @param start clients running from the start, at least 1
 * @param step clients added at each step, at least 1
 * @param stepNanos the time between two steps
 */
public record Staircase(int start, int step, long stepNanos) {

  private static final Pattern FORM = Pattern.compile("(\\d{1,9})\\+(\\d{1,9})@(\\d+(?:\\.\\d+)?)(ms|s|m)?");

  /** The staircase {@code p} asks for, or null; {@code clients} and {@code maxTime} check it. */
  public static Staircase of(Properties p, int clients, Duration maxTime, boolean openLoop) {
    String text = p.getProperty(EngineProperties.STAIRCASE);
    if (text == null || text.isBlank()) {
      return null;
    }
    Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new UserError("-p " + EngineProperties.STAIRCASE + " must be START+STEP@DURATION (START clients at once,"
          + " STEP more after each DURATION), for example 4+4@10s, got '" + text.trim() + "'");
    }
    int start = Integer.parseInt(m.group(1));
    int step = Integer.parseInt(m.group(2));
    String unit = m.group(4) == null ? "s" : m.group(4);
    double amount = Double.parseDouble(m.group(3));
    long nanos = (long) (amount * switch (unit) {
      case "ms" -> 1e6;
      case "m" -> 60e9;
      default -> 1e9;
    });
    String where = "-p " + EngineProperties.STAIRCASE + "=" + text.trim() + ": ";
    if (start < 1 || step < 1 || nanos < TimeUnit.MILLISECONDS.toNanos(1)) {
      throw new UserError(where + "START and STEP must be at least 1 and DURATION at least 1ms");
    }
    if (start >= clients) {
      throw new UserError(where + "START must be less than the clients (" + clients + "), or every client runs from"
          + " the start");
    }
    if (maxTime.isZero()) {
      throw new UserError(where + "needs a time limit (-p " + EngineProperties.MAX_EXECUTION_TIME + "=SECONDS): the"
          + " steps are times");
    }
    if (openLoop) {
      throw new UserError(where + "starts closed-loop clients; with -target the rate sets the load, not the clients");
    }
    return new Staircase(start, step, nanos);
  }

  /** How long after the phase's start client {@code i} (0, 1, ...) starts. */
  public long startNanos(int i) {
    return i < start ? 0 : ((long) (i - start) / step + 1) * stepNanos;
  }

  /** How long until every one of {@code clients} runs. */
  public long fullNanos(int clients) {
    return startNanos(clients - 1);
  }

  /** For the run's header: {@code 4 clients at once, 4 more every 10 s up to 16 (after 30 s)}. */
  public String describe(int clients) {
    return String.format(Locale.ROOT, "%d client(s) at once, %d more every %s up to %d (all after %s)", start, step,
        seconds(stepNanos), clients, seconds(fullNanos(clients)));
  }

  private static String seconds(long nanos) {
    double s = nanos / 1e9;
    return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0f s", s) : String.format(Locale.ROOT, "%.3f s", s);
  }
}
