package io.github.ycsbkv.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency budget: percentiles of every operation's latency, counted from its intended start, each with the most it
 * may be ({@code p99=1ms,p999=5ms}). A step meets it when every bound holds. Immutable.
 *
 * @param bounds the bounds, by ascending percentile
 */
public record Slo(List<Bound> bounds) {

  /**
   * One bound: the latency at {@code percentile} (for example 99.9) is at most {@code maxMicros}.
   *
   * @param percentile between 0 (exclusive) and 100 (exclusive)
   * @param maxMicros the most the latency at that percentile may be, in microseconds
   */
  public record Bound(double percentile, double maxMicros) {

    /** {@code p99<=1ms}, as the bound is written back. */
    public String describe() {
      return name(percentile) + "<=" + duration(maxMicros);
    }
  }

  private static final Pattern PART = Pattern.compile("p(\\d+(?:\\.\\d+)?)\\s*=\\s*(\\d+(?:\\.\\d+)?)\\s*(us|ms|s)");

  /** Sorted, no percentile twice. */
  public Slo {
    if (bounds.isEmpty()) {
      throw new IllegalArgumentException("an SLO needs at least one bound");
    }
    bounds = bounds.stream().sorted(Comparator.comparingDouble(Bound::percentile)).toList();
  }

  /**
   * Parses {@code p99=1ms}, {@code p99=1ms,p999=5ms}, {@code p50=200us,p99.99=20ms}: {@code pNN} is the NNth
   * percentile, digits after the first two are decimals ({@code p999} is 99.9); units us, ms or s.
   *
   * @throws UserError (exit code 2) saying what is wrong with {@code text}
   */
  public static Slo parse(String text) {
    return parse(text, "--slo");
  }

  /** As {@link #parse(String)}, naming the budget {@code what} in errors ({@code --slo}, {@code property 'slo'}). */
  public static Slo parse(String text, String what) {
    if (text == null || text.isBlank()) {
      throw new UserError(what + " is missing: give the latency budget, for example p99=1ms or p99=1ms,p999=5ms");
    }
    List<Bound> bounds = new ArrayList<>();
    for (String part : text.split(",")) {
      Matcher m = PART.matcher(part.trim().toLowerCase(Locale.ROOT));
      if (!m.matches()) {
        throw new UserError(what + ": cannot read '" + part.trim() + "': write pNN=LATENCY with a unit of us, ms or s,"
            + " for example p99=1ms or p999=5ms");
      }
      double p = percentile(m.group(1));
      if (!(p > 0 && p < 100)) {
        throw new UserError(what + ": " + part.trim() + ": the percentile must be above 0 and below 100");
      }
      double value = Double.parseDouble(m.group(2));
      double micros = switch (m.group(3)) {
        case "us" -> value;
        case "ms" -> value * 1_000;
        default -> value * 1_000_000;
      };
      if (!(micros > 0)) {
        throw new UserError(what + ": " + part.trim() + ": the latency must be above 0");
      }
      for (Bound b : bounds) {
        if (b.percentile() == p) {
          throw new UserError(what + " names " + name(p) + " twice");
        }
      }
      bounds.add(new Bound(p, micros));
    }
    return new Slo(bounds);
  }

  /**
   * The first bound that {@code latencyMicros} (percentile to microseconds, every percentile of the bounds present)
   * breaks, or null when every bound holds. A percentile missing from the map breaks its bound (nothing measured).
   */
  public Bound broken(Map<Double, Double> latencyMicros) {
    for (Bound b : bounds) {
      Double v = latencyMicros.get(b.percentile());
      if (v == null || v.isNaN() || v > b.maxMicros()) {
        return b;
      }
    }
    return null;
  }

  /** The tightest bound's latency, in microseconds: the budget the client's own schedule lag is held to a tenth of. */
  public double tightestMicros() {
    return bounds.stream().mapToDouble(Bound::maxMicros).min().orElseThrow();
  }

  /** The percentiles the bounds name. */
  public List<Double> percentiles() {
    return bounds.stream().map(Bound::percentile).toList();
  }

  /** {@code p99<=1ms, p999<=5ms}. */
  public String describe() {
    return String.join(", ", bounds.stream().map(Bound::describe).toList());
  }

  /** {@code p99=1ms,p999=5ms}: text {@link #parse} reads back. */
  public String text() {
    return String.join(",", bounds.stream().map(b -> name(b.percentile()) + "=" + duration(b.maxMicros())).toList());
  }

  static double percentile(String digits) {
    if (digits.contains(".") || digits.length() <= 2) {
      return Double.parseDouble(digits);
    }
    return Double.parseDouble(digits.substring(0, 2) + "." + digits.substring(2));
  }

  /** {@code p99}, {@code p999}, {@code p9995}: the name of a percentile, as {@link #parse} reads it. */
  public static String name(double percentile) {
    String s = percentile == Math.rint(percentile) ? Long.toString((long) percentile)
        : new java.math.BigDecimal(Double.toString(percentile)).stripTrailingZeros().toPlainString();
    return "p" + (s.startsWith("99.") || s.length() > 2 && s.contains(".") && s.indexOf('.') == 2
        ? s.replace(".", "") : s);
  }

  /** {@code 1ms}, {@code 250us}, {@code 1.5ms}, {@code 2s}: a latency as the budget is written. */
  public static String duration(double micros) {
    if (micros >= 1_000_000 && micros % 1_000_000 == 0) {
      return (long) (micros / 1_000_000) + "s";
    }
    if (micros >= 1_000 && micros % 1_000 == 0) {
      return (long) (micros / 1_000) + "ms";
    }
    if (micros >= 1_000) {
      return trim(micros / 1_000) + "ms";
    }
    return trim(micros) + "us";
  }

  /** A measured latency for people, three figures at most: {@code 640us}, {@code 1.43ms}, {@code 188ms}. */
  public static String measured(double micros) {
    if (micros < 1_000) {
      return String.format(java.util.Locale.ROOT, "%.0fus", micros);
    }
    double ms = micros / 1_000;
    return ms < 10 ? String.format(java.util.Locale.ROOT, "%.2fms", ms)
        : ms < 100 ? String.format(java.util.Locale.ROOT, "%.1fms", ms)
        : String.format(java.util.Locale.ROOT, "%.0fms", ms);
  }

  private static String trim(double v) {
    return new java.math.BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
  }
}
