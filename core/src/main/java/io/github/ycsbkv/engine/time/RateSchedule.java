package io.github.ycsbkv.engine.time;

import io.github.ycsbkv.config.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The open loop's rate over time ({@code -target}): one rate for the whole run, or a schedule of straight pieces
 * (holds, linear ramps, a sine followed by straight lines through 100 points per period) that ends with its last
 * piece. The arrivals of a schedule are placed exactly: arrival {@code k} of the whole run is intended at the time
 * {@code t} where the schedule's integral from its start reaches {@code k} ({@link #timeOf}), so a ramp's arrivals
 * are as dense as its rate at each instant and the operations of any second are the schedule's integral over it.
 *
 * <p>Text forms ({@link #parse}):
 * <ul>
 *   <li>{@code 5000}: 5,000 operations per second for the whole run (upstream YCSB's {@code -target});
 *   <li>pieces joined by commas: {@code RATE@DURATION} holds a rate ({@code 1000@30s}), {@code FROM..TO@DURATION}
 *       ramps linearly ({@code 1000..5000@1m}), {@code MEAN~AMPLITUDE/PERIOD@DURATION} is a sine
 *       ({@code 5000~2000/60s@5m}); durations in {@code ms}, {@code s}, {@code m} or {@code h}. A spike is three
 *       holds: {@code 1000@30s,10000@5s,1000@60s};
 *   <li>{@code file:PATH}: lines {@code SECONDS RATE}, points joined by straight lines, the first at second 0 and
 *       the schedule's end at the last (a step is two points at one time; {@code #} starts a comment).
 * </ul>
 */
public final class RateSchedule {

  /** Straight lines per period of a sine. */
  static final int SINE_POINTS = 100;

  /** One straight piece: from {@code from} to {@code to} operations per second over {@code seconds}. */
  private record Piece(double seconds, double from, double to) {
    double arrivals() {
      return (from + to) / 2 * seconds;
    }
  }

  private final String text;
  private final List<Piece> pieces;
  /** Arrivals before each piece (one more entry: the total). */
  private final double[] before;
  /** Seconds before each piece (one more entry: the whole duration). */
  private final double[] starts;
  private final double constant;

  private RateSchedule(String text, List<Piece> pieces, double constant) {
    this.text = text;
    this.pieces = List.copyOf(pieces);
    this.constant = constant;
    this.before = new double[pieces.size() + 1];
    this.starts = new double[pieces.size() + 1];
    for (int i = 0; i < pieces.size(); i++) {
      before[i + 1] = before[i] + pieces.get(i).arrivals();
      starts[i + 1] = starts[i] + pieces.get(i).seconds();
    }
  }

  /** One rate for the whole run. */
  public static RateSchedule constant(double opsPerSec) {
    if (!(opsPerSec > 0) || Double.isInfinite(opsPerSec)) {
      throw new IllegalArgumentException("rate " + opsPerSec);
    }
    return new RateSchedule(number(opsPerSec), List.of(), opsPerSec);
  }

  /** Whether {@code text} is a plain number (the one-rate form), as opposed to a schedule. */
  public static boolean isNumber(String text) {
    try {
      Double.parseDouble(text.trim());
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static final Pattern HOLD = Pattern.compile("([0-9.]+)@([0-9.]+)(ms|s|m|h)");
  /** {@code ..} rather than an arrow: {@code 1000->5000} unquoted is a redirection in a shell. */
  private static final Pattern RAMP =
      Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\.\\.([0-9]+(?:\\.[0-9]+)?)@([0-9.]+)(ms|s|m|h)");
  private static final Pattern SINE = Pattern.compile("([0-9.]+)~([0-9.]+)/([0-9.]+)(ms|s|m|h)@([0-9.]+)(ms|s|m|h)");

  /** A schedule from its text (see the class comment), or a {@link UserError} naming the piece that is wrong. */
  public static RateSchedule parse(String text) {
    String t = text.trim();
    if (isNumber(t)) {
      double rate = Double.parseDouble(t);
      if (!(rate > 0) || Double.isInfinite(rate)) {
        throw new UserError("-target must be a positive ops/sec or a schedule, got '" + text + "'");
      }
      return constant(rate);
    }
    if (t.startsWith("file:")) {
      return file(Path.of(t.substring(5).trim()), t);
    }
    List<Piece> pieces = new ArrayList<>();
    for (String raw : t.split(",")) {
      String p = raw.replace(" ", "").toLowerCase(Locale.ROOT);
      Matcher m;
      if ((m = RAMP.matcher(p)).matches()) {
        pieces.add(new Piece(seconds(m.group(3), m.group(4), raw), rate(m.group(1), raw), rate(m.group(2), raw)));
      } else if ((m = HOLD.matcher(p)).matches()) {
        double r = rate(m.group(1), raw);
        pieces.add(new Piece(seconds(m.group(2), m.group(3), raw), r, r));
      } else if ((m = SINE.matcher(p)).matches()) {
        sine(pieces, rate(m.group(1), raw), rate(m.group(2), raw), seconds(m.group(3), m.group(4), raw),
            seconds(m.group(5), m.group(6), raw), raw);
      } else {
        throw new UserError("-target: '" + raw.trim() + "' is not a rate schedule's piece: give RATE@DURATION (a"
            + " hold, 1000@30s), FROM..TO@DURATION (a ramp, 1000..5000@1m), MEAN~AMPLITUDE/PERIOD@DURATION (a sine,"
            + " 5000~2000/60s@5m) joined by commas, file:PATH, or a number");
      }
    }
    return checked(t, pieces);
  }

  private static RateSchedule file(Path path, String text) {
    List<String> lines;
    try {
      lines = Files.readAllLines(path);
    } catch (IOException e) {
      throw new UserError("-target: cannot read the rate schedule " + path + " (" + e.getMessage() + ")");
    }
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).replaceAll("#.*", "").trim();
      if (line.isEmpty()) {
        continue;
      }
      String[] f = line.split("\\s+");
      String where = path + " line " + (i + 1);
      double[] point;
      try {
        point = new double[] {Double.parseDouble(f[0]), f.length == 2 ? Double.parseDouble(f[1]) : Double.NaN};
      } catch (NumberFormatException e) {
        point = new double[] {Double.NaN, Double.NaN};
      }
      if (f.length != 2 || !(point[0] >= 0) || !(point[1] >= 0) || Double.isInfinite(point[0] + point[1])) {
        throw new UserError("-target: " + where + " must be 'SECONDS RATE' (two numbers, neither negative), got '"
            + line + "'");
      }
      if (points.isEmpty() ? point[0] != 0 : point[0] < points.get(points.size() - 1)[0]) {
        throw new UserError("-target: " + where + ": " + (points.isEmpty() ? "the first point must be at second 0"
            : "the times must not go back (" + number(point[0]) + " after " + number(points.get(points.size() - 1)[0])
            + ")"));
      }
      points.add(point);
    }
    List<Piece> pieces = new ArrayList<>();
    for (int i = 1; i < points.size(); i++) {
      double seconds = points.get(i)[0] - points.get(i - 1)[0];
      if (seconds > 0) {
        pieces.add(new Piece(seconds, points.get(i - 1)[1], points.get(i)[1]));
      }
    }
    return checked(text, pieces);
  }

  private static void sine(List<Piece> pieces, double mean, double amplitude, double period, double seconds,
      String raw) {
    if (amplitude > mean) {
      throw new UserError("-target: in '" + raw.trim() + "' the amplitude is larger than the mean, so the rate would"
          + " go below 0");
    }
    double step = period / SINE_POINTS;
    for (double at = 0; at < seconds - 1e-9; at += step) {
      double end = Math.min(seconds, at + step);
      pieces.add(new Piece(end - at, mean + amplitude * Math.sin(2 * Math.PI * at / period),
          mean + amplitude * Math.sin(2 * Math.PI * end / period)));
    }
  }

  private static RateSchedule checked(String text, List<Piece> pieces) {
    double total = 0;
    for (Piece p : pieces) {
      total += p.arrivals();
    }
    if (pieces.isEmpty() || !(total >= 1)) {
      throw new UserError("-target: the schedule '" + text + "' has no operations in it (give at least one piece"
          + " with a positive rate and duration)");
    }
    return new RateSchedule(text, pieces, 0);
  }

  private static double rate(String digits, String raw) {
    try {
      double v = Double.parseDouble(digits);
      if (v >= 0 && !Double.isInfinite(v)) {
        return v;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new UserError("-target: '" + digits + "' in '" + raw.trim() + "' is not a rate in ops/sec");
  }

  private static double seconds(String digits, String unit, String raw) {
    double v;
    try {
      v = Double.parseDouble(digits);
    } catch (NumberFormatException e) {
      v = -1;
    }
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new UserError("-target: '" + digits + unit + "' in '" + raw.trim() + "' is not a positive duration");
    }
    return switch (unit) {
      case "ms" -> v / 1000;
      case "m" -> v * 60;
      case "h" -> v * 3600;
      default -> v;
    };
  }

  /** Whether this is one rate for the whole run. */
  public boolean isConstant() {
    return pieces.isEmpty();
  }

  /** The schedule as it was given. */
  public String text() {
    return text;
  }

  /** The schedule's length in nanoseconds ({@code Long.MAX_VALUE}: one rate, no end of its own). */
  public long durationNanos() {
    return isConstant() ? Long.MAX_VALUE : Math.round(starts[pieces.size()] * 1e9);
  }

  /** Operations over the whole schedule ({@code Double.POSITIVE_INFINITY} for one rate). */
  public double totalArrivals() {
    return isConstant() ? Double.POSITIVE_INFINITY : before[pieces.size()];
  }

  /** The mean rate over the schedule (the rate itself for one rate). */
  public double meanOpsPerSec() {
    return isConstant() ? constant : before[pieces.size()] / starts[pieces.size()];
  }

  /** The highest rate anywhere in the schedule. */
  public double peakOpsPerSec() {
    double peak = constant;
    for (Piece p : pieces) {
      peak = Math.max(peak, Math.max(p.from(), p.to()));
    }
    return peak;
  }

  /** The rate at the schedule's start. */
  public double firstOpsPerSec() {
    return isConstant() ? constant : pieces.get(0).from();
  }

  /** The rate {@code seconds} after the start (0 after the schedule's end). */
  public double opsPerSecAt(double seconds) {
    if (isConstant()) {
      return constant;
    }
    int i = pieceAt(seconds);
    if (i < 0) {
      return 0;
    }
    Piece p = pieces.get(i);
    return p.from() + (p.to() - p.from()) * (seconds - starts[i]) / p.seconds();
  }

  /** The schedule's integral from its start to {@code seconds}: the operations intended by then. */
  public double arrivalsBy(double seconds) {
    if (isConstant()) {
      return constant * Math.max(0, seconds);
    }
    if (seconds <= 0) {
      return 0;
    }
    int i = pieceAt(seconds);
    if (i < 0) {
      return before[pieces.size()];
    }
    Piece p = pieces.get(i);
    double tau = seconds - starts[i];
    return before[i] + p.from() * tau + (p.to() - p.from()) / (2 * p.seconds()) * tau * tau;
  }

  private int pieceAt(double seconds) {
    for (int i = 0; i < pieces.size(); i++) {
      if (seconds < starts[i + 1]) {
        return seconds >= starts[i] ? i : -1;
      }
    }
    return -1;
  }

  /**
   * Finds the times at which given numbers of arrivals are reached, for arrivals in increasing order (a cursor:
   * each call starts from the piece the last one found, so a run's schedule is walked once).
   */
  final class Cursor {
    private int piece;

    /**
     * Seconds from the start at which the schedule's integral reaches {@code arrivals}, or infinity when the
     * schedule ends before.
     */
    double secondsAt(double arrivals) {
      if (isConstant()) {
        return arrivals / constant;
      }
      while (piece < pieces.size() && arrivals > before[piece + 1]) {
        piece++;
      }
      if (piece >= pieces.size()) {
        return Double.POSITIVE_INFINITY;
      }
      Piece p = pieces.get(piece);
      double x = Math.max(0, arrivals - before[piece]);
      double a = (p.to() - p.from()) / (2 * p.seconds());
      // from * tau + a * tau^2 = x, the root in [0, seconds]; written so that a of either sign (or 0) is stable.
      double disc = Math.max(0, p.from() * p.from() + 4 * a * x);
      double denominator = p.from() + Math.sqrt(disc);
      double tau = denominator > 0 ? 2 * x / denominator : p.seconds();
      return starts[piece] + Math.min(tau, p.seconds());
    }
  }

  /** A cursor from the schedule's start. */
  Cursor cursor() {
    return new Cursor();
  }

  /** A step up to at least this many times the rate before starts a spike. */
  static final double SPIKE_STEP = 1.5;
  /** A spike ends where the rate is back to at most this many times the rate before it. */
  static final double SPIKE_BACK = 1.25;

  /**
   * A spike of the schedule: from {@code startSeconds}, where its rate stepped up from {@code baseOpsPerSec} to at
   * least {@value #SPIKE_STEP} times it, to {@code endSeconds}, where it is back to at most {@value #SPIKE_BACK} times
   * it; {@code peakOpsPerSec} the highest rate between.
   */
  public record Spike(double startSeconds, double endSeconds, double baseOpsPerSec, double peakOpsPerSec) {}

  /** The spikes the schedule comes back from, in order (a step up it never comes back from is no spike). */
  public List<Spike> spikes() {
    List<Spike> out = new ArrayList<>();
    for (int i = 1; i < pieces.size(); i++) {
      double before = pieces.get(i - 1).to();
      if (!(before > 0) || pieces.get(i).from() < SPIKE_STEP * before) {
        continue;
      }
      double peak = 0;
      int j = i;
      while (j < pieces.size() && (j == i || pieces.get(j).from() > SPIKE_BACK * before)) {
        peak = Math.max(peak, Math.max(pieces.get(j).from(), pieces.get(j).to()));
        j++;
      }
      if (j < pieces.size()) {
        out.add(new Spike(starts[i], starts[j], before, peak));
      }
      i = j - 1;
    }
    return out;
  }

  /**
   * The same schedule at {@code factor} times the rate (one of several client processes' share), as text that
   * {@link #parse} reads back.
   */
  public RateSchedule scaled(double factor) {
    if (isConstant()) {
      return constant(constant * factor);
    }
    List<Piece> scaled = new ArrayList<>();
    StringBuilder t = new StringBuilder();
    for (Piece p : pieces) {
      scaled.add(new Piece(p.seconds(), p.from() * factor, p.to() * factor));
      t.append(t.length() == 0 ? "" : ",").append(number(p.from() * factor)).append("..")
          .append(number(p.to() * factor)).append('@').append(number(p.seconds() * 1000)).append("ms");
    }
    return new RateSchedule(t.toString(), scaled, 0);
  }

  /** One line for the header: the pieces in words, or the one rate. */
  public String describe() {
    if (isConstant()) {
      return number(constant) + " ops/s";
    }
    return "a schedule of " + number(starts[pieces.size()]) + " s, " + number(before[pieces.size()])
        + " operations (mean " + number(meanOpsPerSec()) + " ops/s, from " + number(firstOpsPerSec()) + " to a peak of "
        + number(peakOpsPerSec()) + "): " + text;
  }

  @Override
  public String toString() {
    return text;
  }

  private static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    String s = String.format(Locale.ROOT, "%.6f", v).replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }
}
