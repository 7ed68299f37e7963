package io.github.ycsbkv.engine.states;

import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.spi.ServerEvents;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
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
  public static final String EVENTS = "events";

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
    for (String part : value.split(",")) {
      String text = part.trim();
      Matcher m = ONE.matcher(text.toLowerCase(Locale.ROOT));
      if (!m.matches()) {
        throw new UserError(EVENTS + "=" + value.trim() + ": '" + text + "' is not KIND[:ARG]@TIME (for example"
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
        throw new UserError(EVENTS + ": " + text + " is at or past the phase's end (maxexecutiontime="
            + maxTime.toSeconds() + " s): move it earlier or run longer");
      }
      out.add(new Event(m.group(1), m.group(2), millis, text));
    }
    out.sort(java.util.Comparator.comparingLong(Event::atMillis));
    return new EventPlan(out);
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
