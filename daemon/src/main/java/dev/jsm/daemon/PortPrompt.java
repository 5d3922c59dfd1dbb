package dev.jsm.daemon;

import dev.jsm.mad.umad.UmadCa;
import dev.jsm.mad.umad.UmadDevices;
import dev.jsm.mad.umad.UmadException;
import dev.jsm.mad.umad.UmadPort;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code opensm -g 0}: lists the local InfiniBand ports and asks the operator which one the SM binds to, as OpenSM
 * does. Ports whose link layer is not InfiniBand are not offered. The answer is the number of a listed port; anything
 * else is asked again, and end of input is an error (a daemon started without a terminal must not wait forever).
 *
 * <p>Not thread-safe; used once by the main thread at start-up.
 */
final class PortPrompt {

    private final BufferedReader in;
    private final PrintStream out;

    PortPrompt(BufferedReader in, PrintStream out) {
        this.in = in;
        this.out = out;
    }

    /**
     * The GUID of the port the operator picks among the machine's ports.
     *
     * @throws UmadException if the ports cannot be listed
     * @throws StartupException if there is no port, or the input ends before a valid answer
     */
    long choose() throws UmadException, StartupException {
        List<UmadPort> ports = new ArrayList<>();
        for (String name : UmadDevices.caNames()) {
            UmadCa ca = UmadDevices.ca(name);
            for (UmadPort p : ca.ports()) {
                if (p.isInfiniBand()) {
                    ports.add(p);
                }
            }
        }
        return choose(ports);
    }

    /** The GUID of the port the operator picks among {@code ports}. */
    long choose(List<UmadPort> ports) throws StartupException {
        if (ports.isEmpty()) {
            throw new StartupException(ExitCode.NO_DEVICE, "-g 0: there is no local InfiniBand port to choose from");
        }
        out.println("Choose a local port number with which to bind:");
        out.println();
        for (int i = 0; i < ports.size(); i++) {
            UmadPort p = ports.get(i);
            out.printf(Locale.ROOT, "%4d: 0x%016x, %s port %d, lid 0x%04x, state %s%n", i + 1, p.portGuid(),
                    p.caName(), p.portNum(), p.baseLid(), stateName(p.state()));
        }
        while (true) {
            out.printf(Locale.ROOT, "%nEnter choice (1-%d): ", ports.size());
            out.flush();
            String line;
            try {
                line = in.readLine();
            } catch (IOException e) {
                throw new StartupException(ExitCode.PORT_NOT_FOUND, "-g 0: cannot read the choice: "
                        + e.getMessage(), e);
            }
            if (line == null) {
                throw new StartupException(ExitCode.PORT_NOT_FOUND, "-g 0: no port chosen (end of input); give "
                        + "the port GUID with -g 0x... to start without a terminal");
            }
            try {
                int k = Integer.parseInt(line.strip());
                if (k >= 1 && k <= ports.size()) {
                    return ports.get(k - 1).portGuid();
                }
            } catch (NumberFormatException e) {
                // asked again below
            }
            out.println("'" + line.strip() + "' is not one of 1-" + ports.size());
        }
    }

    private static String stateName(int state) {
        return switch (state) {
            case 1 -> "Down";
            case 2 -> "Initialize";
            case 3 -> "Armed";
            case 4 -> "Active";
            default -> String.valueOf(state);
        };
    }
}
