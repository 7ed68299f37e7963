package io.github.ycsbkv.engine.hosts;

import io.github.ycsbkv.capacity.CapacitySearch;
import io.github.ycsbkv.config.UserError;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The client processes of one run ({@link ClientSplit}) going through steps that client 0 chooses as it goes: a
 * capacity search across hosts (docs/capacity.md), where client 0 runs the search and the others run each step with
 * it. Before each step client 0 announces it (its number, kind, rate and length); every process runs it, taking its
 * share of the rate as any run of several does, the measured phases started together at the step's
 * {@link StartBarrier}; then every other process sends client 0 its step's {@code result.json} and
 * {@code histograms.hlog}, which client 0 merges into the step's figures. A client that fails a step says why; one
 * that goes away fails the search for all, named.
 *
 * <p>The channel: one TCP connection from each client to client 0 at the barrier's port + 1 ({@code
 * clients.barrier=HOST:PORT}: PORT+1 must be reachable too), held for the whole search. Lines of text, and the files'
 * bytes after a line that gives their lengths:
 *
 * <pre>
 *   client i -> 0:  ycsb-kv-steps 1 COUNT INDEX SETTINGS        (once, the {@link Meeting}'s hello; SETTINGS the
 *                                                                same on every client)
 *   0 -> client i:  step N KIND RATE LENGTH | done | abort WHY
 *   client i -> 0:  result N RESULT_BYTES HISTOGRAM_BYTES, the bytes | failed N WHY
 * </pre>
 *
 * Used by the thread that runs the search (client 0) or follows it (every other).
 */
public final class StepCoordinator implements AutoCloseable {

  /** A step as client 0 announced it: {@code rate} 0 for a closed loop; {@code lengthSteps} in step lengths. */
  public record Step(int number, CapacitySearch.Kind kind, double rate, int lengthSteps) {}

  /**
   * What a client sent of a step: its result and histograms (the files' bytes), or why it has none.
   *
   * @param index the client's {@code clients.index}
   * @param result its {@code result.json}, or null when it failed
   * @param histograms its {@code histograms.hlog}, or null when it failed
   * @param failure why it has no result, or null
   */
  public record Report(int index, byte[] result, byte[] histograms, String failure) {}

  private static final String PROTOCOL = "ycsb-kv-steps 1";
  /** The most bytes one file of a report may have (a day-long step's result.json is a few MB). */
  private static final int MAX_FILE_BYTES = 256 << 20;

  private final Meeting meeting;
  private final ClientSplit split;
  private final String settings;
  /** Client 0: the other clients by index. */
  private Map<Integer, Socket> clients = new TreeMap<>();
  /** Every other client: its connection to client 0. */
  private Socket leader;

  private StepCoordinator(Meeting meeting, String settings) {
    this.meeting = meeting;
    this.split = meeting.split();
    this.settings = encode(settings);
  }

  /**
   * The coordinator for {@code split} (null for a process alone), at {@code meeting} ({@code clients.barrier}, which
   * a run of several needs here: {@code meeting} null is refused with one line). {@code settings} is what must be the
   * same on every client (the budget, the step's length): a client started otherwise is refused with one line.
   * {@code what} names the command in messages.
   */
  public static StepCoordinator of(ClientSplit split, Meeting meeting, String settings, String what) {
    if (!split.many()) {
      return null;
    }
    if (meeting == null) {
      throw new UserError(what + " with " + ClientSplit.COUNT + "=" + split.count() + " needs -p " + Meeting.ADDRESS
          + "=HOST:PORT (client 0's address, given to every client): client 0 chooses each step and the others"
          + " follow it there");
    }
    if (meeting.port() == 65_535) {
      throw new UserError("-p " + Meeting.ADDRESS + "=" + meeting.address() + ": " + what + " also uses the port"
          + " above it (PORT+1), so PORT must be below 65535");
    }
    return new StepCoordinator(meeting, settings);
  }

  /** Whether this process is client 0, which chooses the steps. */
  public boolean leads() {
    return split.index() == 0;
  }

  /** This process's {@code clients.index}. */
  public int index() {
    return split.index();
  }

  /** How many client processes the run has. */
  public int count() {
    return split.count();
  }

  /** Where the channel is: client 0's host and the barrier's port + 1. */
  public String address() {
    return meeting.host() + ":" + (meeting.port() + 1);
  }

  // ---------------------------------------------------------------- client 0

  /**
   * Client 0: waits for every other client to connect (the meeting's timeout); one of the run's clients started
   * otherwise fails the search for all, with one line.
   */
  public void gather() {
    int port = meeting.port() + 1;
    Map<Integer, Socket> all = meeting.gather(port, PROTOCOL, settings, (index, theirs, ours) -> "client " + index
        + " was started with other settings (" + decode(theirs) + ") than client 0 (" + decode(ours) + "): give every"
        + " client the same command", true, "connect to port " + port, () -> false);
    try {
      for (Socket s : all.values()) {
        s.setSoTimeout(0);
        s.setKeepAlive(true);
      }
    } catch (IOException e) {
      finish("client 0 lost a client as it gathered them");
      throw new UserError(Meeting.ADDRESS + ": client 0 lost a client as it gathered them: " + UserError.describe(e));
    }
    clients = all;
  }

  /** Client 0: tells every other client to run {@code step}. */
  public void announce(Step step) {
    String line = String.format(Locale.ROOT, "step %d %s %s %d", step.number(),
        step.kind().name().toLowerCase(Locale.ROOT), Double.toString(step.rate()), step.lengthSteps());
    for (Map.Entry<Integer, Socket> c : clients.entrySet()) {
      try {
        Meeting.send(c.getValue(), line);
      } catch (IOException e) {
        String why = "client " + c.getKey() + " went away before step " + step.number() + ": " + UserError.describe(e);
        finish(why);
        throw new UserError(why);
      }
    }
  }

  /**
   * Client 0: every other client's report of step {@code number}, by index, each awaited for at most {@code wait};
   * a client that went away or did not report in time fails the search (after the others were told).
   */
  public List<Report> collect(int number, Duration wait) {
    List<Report> reports = new ArrayList<>();
    for (Map.Entry<Integer, Socket> c : clients.entrySet()) {
      int index = c.getKey();
      try {
        c.getValue().setSoTimeout((int) Math.min(Integer.MAX_VALUE, Math.max(1000, wait.toMillis())));
        reports.add(read(index, number, new DataInputStream(c.getValue().getInputStream())));
      } catch (SocketTimeoutException e) {
        String why = String.format(Locale.US, "client %d did not report step %d within %d s", index, number,
            wait.toSeconds());
        finish(why);
        throw new UserError(why);
      } catch (IOException e) {
        String why = "client " + index + " went away during step " + number + " (" + UserError.describe(e) + ")";
        finish(why);
        throw new UserError(why);
      }
    }
    return reports;
  }

  private static Report read(int index, int number, DataInputStream in) throws IOException {
    String line = Meeting.readLine(in);
    if (line == null) {
      throw new EOFException("its connection closed");
    }
    String[] f = line.split(" ", 4);
    if (f.length >= 3 && f[0].equals("failed") && f[1].equals(Integer.toString(number))) {
      return new Report(index, null, null, decode(f[2]));
    }
    if (f.length != 4 || !f[0].equals("result") || !f[1].equals(Integer.toString(number))) {
      throw new IOException("it sent '" + abbreviated(line) + "' instead of its report of step " + number);
    }
    byte[] result = new byte[size(f[2])];
    in.readFully(result);
    byte[] histograms = new byte[size(f[3])];
    in.readFully(histograms);
    return new Report(index, result, histograms, null);
  }

  /** Client 0: ends the search for every other client: {@code why} null when it ended, else why it was stopped. */
  public void finish(String why) {
    String line = why == null ? "done" : "abort " + why.replace('\n', ' ');
    for (Socket s : clients.values()) {
      try {
        Meeting.send(s, line);
      } catch (IOException ignored) {
        // It left already.
      }
    }
  }

  // ---------------------------------------------------------------- every other client

  /** Every other client: connects to client 0 (again and again until the meeting's timeout) and says who it is. */
  public void join() {
    leader = meeting.reach(meeting.port() + 1, meeting.hello(PROTOCOL, settings, null),
        meeting.clock().nanoTime() + meeting.timeout().toNanos(), () -> false);
    try {
      leader.setKeepAlive(true);
    } catch (IOException e) {
      throw new UserError(Meeting.ADDRESS + ": lost client 0 at " + address() + ": " + UserError.describe(e));
    }
  }

  /**
   * Every other client: the next step client 0 announces, or null when the search ended; waits at most the barrier's
   * timeout plus {@code stepLength} (client 0 announces a step once every client reported the last). Client 0
   * stopping the search, or going away, fails this client with one line.
   */
  public Step next(Duration stepLength) {
    try {
      leader.setSoTimeout((int) Math.min(Integer.MAX_VALUE, meeting.timeout().plus(stepLength).toMillis()));
      String line = Meeting.readLine(new DataInputStream(leader.getInputStream()));
      if (line == null) {
        throw new UserError(Meeting.ADDRESS + ": client 0 at " + address() + " closed the search without"
            + " ending it (did it fail?)");
      }
      if (line.equals("done")) {
        return null;
      }
      if (line.startsWith("abort ")) {
        throw new UserError("client 0 stopped the search: " + line.substring(6));
      }
      String[] f = line.split(" ");
      CapacitySearch.Kind kind = f.length == 5 ? kind(f[2]) : null;
      if (kind == null || !f[0].equals("step")) {
        throw new UserError(Meeting.ADDRESS + ": client 0 sent '" + abbreviated(line) + "': is it the same"
            + " version of ycsb-kv?");
      }
      return new Step(Integer.parseInt(f[1]), kind, Double.parseDouble(f[3]), Integer.parseInt(f[4]));
    } catch (SocketTimeoutException e) {
      throw new UserError(String.format(Locale.US, "%s: client 0 at %s announced no step within %d s", 
          Meeting.ADDRESS, address(), meeting.timeout().plus(stepLength).toSeconds()));
    } catch (IOException e) {
      throw new UserError(Meeting.ADDRESS + ": lost client 0 at " + address() + ": " + UserError.describe(e));
    }
  }

  /** Every other client: sends client 0 its step's {@code result.json} and {@code histograms.hlog}. */
  public void report(int number, byte[] result, byte[] histograms) {
    try {
      OutputStream out = leader.getOutputStream();
      out.write(String.format(Locale.ROOT, "result %d %d %d\n", number, result.length, histograms.length)
          .getBytes(StandardCharsets.US_ASCII));
      out.write(result);
      out.write(histograms);
      out.flush();
    } catch (IOException e) {
      throw lostWhileReporting(number, e);
    }
  }

  /** Every other client: tells client 0 that its step failed, and why. */
  public void reportFailure(int number, String why) {
    try {
      Meeting.send(leader, "failed " + number + " " + encode(why == null ? "no reason given" : why));
    } catch (IOException e) {
      throw lostWhileReporting(number, e);
    }
  }

  /**
   * Client 0 went away while this client reported: its last word when it left one (it ended the search for another
   * client: {@code abort WHY}, read within a second), else the error.
   */
  private UserError lostWhileReporting(int number, IOException e) {
    try {
      leader.setSoTimeout(1000);
      String line = Meeting.readLine(new DataInputStream(leader.getInputStream()));
      if (line != null && line.startsWith("abort ")) {
        return new UserError("client 0 stopped the search: " + line.substring(6));
      }
    } catch (IOException | RuntimeException unread) {
      // nothing left to read: the error below says what happened
    }
    return new UserError(Meeting.ADDRESS + ": lost client 0 at " + address() + " while reporting step " + number
        + ": " + UserError.describe(e));
  }

  @Override
  public void close() {
    for (Socket s : clients.values()) {
      Meeting.close(s);
    }
    clients.clear();
    if (leader != null) {
      Meeting.close(leader);
    }
  }

  // ---------------------------------------------------------------- the wire

  private static int size(String text) throws IOException {
    try {
      long n = Long.parseLong(text.trim());
      if (n >= 0 && n <= MAX_FILE_BYTES) {
        return (int) n;
      }
    } catch (NumberFormatException e) {
      // the line below
    }
    throw new IOException("a file length of '" + abbreviated(text) + "' bytes");
  }

  private static String encode(String text) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  private static String decode(String text) {
    try {
      return new String(Base64.getUrlDecoder().decode(text.trim()), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return abbreviated(text);
    }
  }

  /** The step's kind as client 0 words it ({@code raise}), or null for a word that names none. */
  private static CapacitySearch.Kind kind(String word) {
    for (CapacitySearch.Kind k : CapacitySearch.Kind.values()) {
      if (k.name().toLowerCase(Locale.ROOT).equals(word)) {
        return k;
      }
    }
    return null;
  }

  private static String abbreviated(String text) {
    return text.length() <= 80 ? text : text.substring(0, 77) + "...";
  }
}
