package dev.jsm.mad.umad;

import java.util.List;

/**
 * A local channel adapter as libibumad reports it ({@code umad_ca_t}), in host order.
 *
 * @param name CA name
 * @param nodeType 1 CA, 2 switch, 3 router
 * @param numPorts highest port number
 * @param fwVersion firmware version text
 * @param caType CA type text ({@code "simulator"} under umad2sim)
 * @param hwVersion hardware revision text
 * @param nodeGuid node GUID
 * @param systemImageGuid system image GUID
 * @param ports the ports present, in port-number order
 */
public record UmadCa(String name, int nodeType, int numPorts, String fwVersion, String caType, String hwVersion,
                     long nodeGuid, long systemImageGuid, List<UmadPort> ports) {

    /** Copies the port list. */
    public UmadCa {
        ports = List.copyOf(ports);
    }
}
