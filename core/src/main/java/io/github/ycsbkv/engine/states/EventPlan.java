package io.github.ycsbkv.engine.states;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.spi.ServerEvents;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The events a phase asks its server to go through, parsed once from {@code -p events=KIND[:ARG]@TIME,...}: a kind
 * the binding offers ({@code bgsave}, {@code bgrewriteaof}, {@code reshard}), an argument where the kind takes one
 * ({@code reshard:2000}: slots), and a time from the start of the measured phase ({@code 20s}, {@code 1500ms},
 * {@code 2m}; a bare number is seconds). Immutable.
 *
 * @param events in the order of their times (the order given among equal times)
 */
public record EventPlan(List<Event> events) {

  /** The property. */
  public static final String EVENTS = EngineProperties.EVENTS;

  private static final Pattern ONE =
      Pattern.compile("([a-z][a-z0-9_-]*)(?::([a-z0-9_.:-]+))?@([0-9]+(?:\\.[0-9]+)?)(ms|s|m)?");

  public EventPlan {
    events = List.copyOf(events);
  }

  /**
   * One event.
   *
   * @param kind what the server is asked to do, lower case
   * @param argument what follows the kind's colon, or null
   * @param atMillis when, from the start of the measured phase
   * @param text as the user wrote it
   */
  public record Event(String kind, String argument, long atMillis, String text) {}

  /** No events. */
  public static final EventPlan NONE = new EventPlan(List.of());

  /** Whether any event was asked for. */
  public boolean any() {
    return !events.isEmpty();
  }

  /**
   * {@code props}'s events, or {@link #NONE}; one line (a {@link UserError}) for a malformed one, or one past the
   * phase's end when {@code maxTime} (zero: none) bounds it.
   */
  public static EventPlan parse(Properties props, Duration maxTime) {
    String value = props.getProperty(EVENTS);
    if (value == null || value.isBlank()) {
      return NONE;
    }
    List<Event> out = new ArrayList<>();
    if (value.trim().startsWith("@")) {
      Path file;
      List<String> lines;
      try {
        file = Path.of(value.trim().substring(1));
      } catch (java.nio.file.InvalidPathException e) {
        throw new UserError(EVENTS + "=" + value.trim() + ": not a file name (" + e.getReason() + ")");
      }
      try {
        lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      } catch (IOException | java.io.UncheckedIOException e) {
        throw new UserError(EVENTS + "=" + value.trim() + ": cannot read " + file + " ("
            + (e instanceof NoSuchFileException ? "no such file" : e.getMessage()) + "): give a file of events,"
            + " one or more per line (bgsave@20s), or list them in the property");
      }
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        int hash = line.indexOf('#');
        add(out, hash < 0 ? line : line.substring(0, hash), file + ":" + (i + 1), maxTime);
      }
    } else {
      add(out, value, EVENTS + "=" + value.trim(), maxTime);
    }
    out.sort(java.util.Comparator.comparingLong(Event::atMillis));
    return new EventPlan(out);
  }

  /** Adds {@code value}'s events (comma-separated; a file's blanks skipped) to {@code out}; errors name {@code where}. */
  private static void add(List<Event> out, String value, String where, Duration maxTime) {
    for (String part : value.split(",")) {
      String text = part.trim();
      if (text.isEmpty() && !where.startsWith(EVENTS + "=")) {
        continue;
      }
      Matcher m = ONE.matcher(text.toLowerCase(Locale.ROOT));
      if (!m.matches()) {
        throw new UserError(where + ": '" + text + "' is not KIND[:ARG]@TIME (for example"
            + " bgsave@20s, bgrewriteaof@1500ms, reshard:2000@10s)");
      }
      double amount = Double.parseDouble(m.group(3));
      String unit = m.group(4) == null ? "s" : m.group(4);
      long millis = Math.round(amount * switch (unit) {
        case "ms" -> 1;
        case "m" -> 60_000;
        default -> 1000;
      });
      if (!maxTime.isZero() && millis >= maxTime.toMillis()) {
        throw new UserError((where.startsWith(EVENTS + "=") ? EVENTS : where) + ": " + text
            + " is at or past the phase's end (maxexecutiontime=" + maxTime.toSeconds()
            + " s): move it earlier or run longer");
      }
      out.add(new Event(m.group(1), m.group(2), millis, text));
    }
  }

  /**
   * Checks the kinds against what the binding's probe offers for the server it finds ({@code probe.sample()}, read
   * by the calling thread before any client connects); one line when the binding has no events or a kind is not
   * among them. A server the probe cannot read is left to the clients' own error.
   */
  public void check(ServerProbe probe, String bindingName, Properties props) {
    if (!any()) {
      return;
    }
    if (probe == null && !Props.getBoolean(props, "probe", true)) {
      throw new UserError(EVENTS + " are sent through the server probe, which -p probe=false turns off: drop one of"
          + " them");
    }
    ServerEvents offered = probe == null ? null : probe.events();
    if (offered == null) {
      throw new UserError(EVENTS + ": binding '" + bindingName + "' cannot make its store go through events; drop -p "
          + EVENTS);
    }
    String server;
    try {
      ServerSample sample = probe.sample();
      server = sample.server();
    } catch (Exception | LinkageError e) {
      return;
    }
    List<String> kinds = offered.kinds(server);
    for (Event e : events) {
      if (!kinds.contains(e.kind())) {
        throw new UserError(EVENTS + ": " + e.text() + ": '" + e.kind() + "' is not an event " + (server == null
            ? "this store" : server) + " can go through here; it can: " + String.join(", ", kinds));
      }
      String problem = offered.argumentProblem(e.kind(), e.argument());
      if (problem != null) {
        throw new UserError(EVENTS + ": " + e.text() + ": " + problem);
      }
    }
  }
}
