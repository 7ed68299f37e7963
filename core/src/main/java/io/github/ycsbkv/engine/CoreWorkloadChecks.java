package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import java.util.Properties;

/**
 * Checks made before upstream's {@code CoreWorkload.init}, which in 0.17.0 prints a line and calls
 * {@code System.exit} for two bad combinations instead of throwing. Catching them here turns them
 * into ordinary one-line errors and keeps the process (and any embedding program) alive.
 */
final class CoreWorkloadChecks {

  private CoreWorkloadChecks() {}

  static void check(Properties props) {
    long recordcount = Props.getLong(props, EngineProperties.RECORD_COUNT, 0, 0);
    if (recordcount == 0) {
      recordcount = Integer.MAX_VALUE; // what CoreWorkload assumes
    }
    long insertstart = Props.getLong(props, "insertstart", 0, 0);
    long insertcount = Props.getLong(props, EngineProperties.INSERT_COUNT, recordcount - insertstart, 0);
    if (recordcount < insertstart + insertcount) {
      throw new UserError("recordcount (" + recordcount + ") must be at least insertstart + insertcount ("
          + insertstart + " + " + insertcount + ")");
    }
    // CoreWorkload divides by fieldcount and builds empty values from fieldlength 0.
    Props.getInt(props, "fieldcount", 10, 1);
    Props.getLong(props, "fieldlength", 100, 1);
    boolean dataintegrity = Props.getBoolean(props, "dataintegrity", false);
    String lengths = props.getProperty("fieldlengthdistribution", "constant");
    if (dataintegrity && !lengths.equals("constant")) {
      throw new UserError("dataintegrity=true needs fieldlengthdistribution=constant, got '" + lengths + "'");
    }
  }
}
