package dev.jsm.daemon.route;

import dev.jsm.conf.RoutingOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.chain.ChainPolicy.UnicastStep;
import dev.jsm.routing.chain.ChainPolicy;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.chain.TopologyChain;
import dev.jsm.routing.chain.TopologyPolicy;
import dev.jsm.subnet.portgroup.PolicyFileException;
import dev.jsm.subnet.portgroup.PortGroupPolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The routing chain over topologies in force, from {@code pgrp_policy_file}, {@code topo_policy_file} and
 * {@code rch_policy_file} and the steps' own {@code config:} files. Routing reads them again at every heavy sweep
 * (as the QoS policy and partitions are); when their contents changed and they are good, the new chain comes into
 * force and the fabric is routed again. A malformed file, one that cannot be read, or an engine that rejects its
 * options leaves the chain in force as it is, so the routes in force stay, with {@code ROUT-0510} and the problem as
 * {@code file:line: ...} at ERROR, once per change of the files; before any good policy, the daemon routes with
 * {@code routing_engine}. A relative {@code config:} path is taken from the chain policy file's directory.
 *
 * <p>Confined to the SM thread.
 */
public final class ChainPolicies {

    private static final Logger LOG = LogManager.getLogger(ChainPolicies.class);

    private final RoutingEngines known;
    private TopologyChain inForce;
    private String lastRead;

    /** @param known the engines the steps may name */
    public ChainPolicies(RoutingEngines known) {
        this.known = known;
    }

    /** The chain in force, or {@code null} when {@code routing_engine} routes. */
    public TopologyChain inForce() {
        return inForce;
    }

    /**
     * Reads the policy files again.
     *
     * @param options the options in force (the file names, the main options the steps fall back to, the LMC)
     * @return whether another chain came into force (the fabric must be routed again)
     */
    boolean refresh(SmOptions options) {
        String rch = options.get(RoutingOptions.RCH_POLICY_FILE);
        if (rch == null || rch.isBlank()) {
            return false;
        }
        Map<Path, String> texts = new HashMap<>();
        List<String> warnings = new ArrayList<>();
        try {
            TopologyChain chain = load(options, Path.of(rch), texts, warnings);
            String read = fingerprint(options, texts);
            if (read.equals(lastRead)) {
                return false;
            }
            lastRead = read;
            warnings.forEach(w -> LOG.warn("ROUT-0511 {}", w));
            inForce = chain;
            LOG.info("routing chain policy {} in force: {}", rch, chain);
            return true;
        } catch (IOException | PolicyFileException | IllegalArgumentException e) {
            String read = fingerprint(options, texts) + "\0" + e.getMessage();
            if (!read.equals(lastRead)) {
                lastRead = read;
                LOG.error("ROUT-0510 routing chain policy not used: {}; {}", describe(e),
                        inForce != null ? "the chain in force and its routes stay"
                                : "routing with routing_engine until it is fixed");
            }
            return false;
        }
    }

    private TopologyChain load(SmOptions options, Path rch, Map<Path, String> texts, List<String> warnings)
            throws IOException, PolicyFileException {
        String pgrp = options.get(RoutingOptions.PGRP_POLICY_FILE);
        String topo = options.get(RoutingOptions.TOPO_POLICY_FILE);
        PortGroupPolicy groups = pgrp == null ? PortGroupPolicy.empty()
                : PortGroupPolicy.parse(pgrp, read(Path.of(pgrp), texts));
        TopologyPolicy topologies = topo == null ? TopologyPolicy.empty()
                : TopologyPolicy.parse(topo, read(Path.of(topo), texts), groups);
        ChainPolicy policy = ChainPolicy.parse(rch.toString(), read(rch, texts), topologies,
                new HashSet<>(known.names()), options.lmc());
        policy.notes().forEach(warnings::add);
        Map<Integer, EngineOptions> stepOptions = new HashMap<>();
        EngineOptions main = StepOptions.mainOptions(options);
        List<UnicastStep> steps = new ArrayList<>(policy.steps());
        policy.steps().forEach(s -> policy.fallbackOf(s.id()).ifPresent(steps::add));
        for (UnicastStep s : steps) {
            if (s.config() == null) {
                stepOptions.put(s.id(), main);
                continue;
            }
            Path file = rch.toAbsolutePath().resolveSibling(s.config());
            read(file, texts);
            StepOptions.Layered layered = StepOptions.read(options, file, warnings);
            stepOptions.put(s.id(), layered.options());
            LOG.info("unicast step {}: options {} from {}, the others from the main configuration", s.label(),
                    layered.fromStepFile(), file);
        }
        return TopologyChain.create(groups, topologies, policy, known, s -> stepOptions.getOrDefault(s.id(), main));
    }

    private static String read(Path file, Map<Path, String> texts) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        texts.put(file, text);
        return text;
    }

    /** What was read, to tell a change: the LMC and every file's name and contents. */
    private static String fingerprint(SmOptions options, Map<Path, String> texts) {
        StringBuilder sb = new StringBuilder("lmc ").append(options.lmc());
        texts.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> sb.append('\0').append(e.getKey()).append('\0').append(e.getValue()));
        return sb.toString();
    }

    private static String describe(Exception e) {
        return e instanceof IOException ? "cannot read " + e.getMessage() : e.getMessage();
    }
}
