package io.kvmapper.benchmarks;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Turns a JMH JSON result file ({@code -rf json -rff results.json}) into a bar chart PNG and prints the
 * results as a Markdown table with each contender's ratio to {@code raw}; when the run used
 * {@link CpuTimeProfiler}, also a table of CPU time per operation. Headless Java2D, no chart library.
 *
 * <pre>java -cp benchmarks.jar io.kvmapper.benchmarks.ResultsChart results.json docs/benchmarks.png</pre>
 */
public final class ResultsChart {
    private static final String BASELINE = "raw";
    private static final String CPU_METRIC = "cpu.us/op";
    private static final String WORKER_METRIC = "worker.us/op";
    private static final Color[] PALETTE = {
        new Color(0x55, 0x55, 0x55), new Color(0x1f, 0x77, 0xb4), new Color(0xff, 0x7f, 0x0e),
        new Color(0x2c, 0xa0, 0x2c), new Color(0xd6, 0x27, 0x28), new Color(0x94, 0x67, 0xbd),
        new Color(0x8c, 0x56, 0x4b), new Color(0x17, 0xbe, 0xcf)};

    private ResultsChart() {
    }

    /**
     * One measured score: operation, contender, ops/s and its error, and CPU time per operation in
     * microseconds, of the benchmark's thread and of the whole process ({@code NaN} if the run did not
     * measure them).
     */
    record Score(String operation, String contender, double opsPerSecond, double error, double workerMicros,
            double cpuMicros) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: ResultsChart <jmh results.json> <chart.png>");
            System.exit(2);
        }
        System.setProperty("java.awt.headless", "true");
        List<Score> scores = read(Path.of(args[0]));
        Map<String, Map<String, Score>> byOperation = new LinkedHashMap<>();
        List<String> contenders = new ArrayList<>();
        for (Score score : scores) {
            byOperation.computeIfAbsent(score.operation(), o -> new LinkedHashMap<>()).put(score.contender(), score);
            if (!contenders.contains(score.contender())) {
                contenders.add(score.contender());
            }
        }
        System.out.print(table(byOperation, contenders));
        if (scores.stream().anyMatch(score -> !Double.isNaN(score.cpuMicros()))) {
            System.out.println();
            System.out.print(cpuTable(byOperation, contenders));
        }
        Path png = Path.of(args[1]);
        if (png.toAbsolutePath().getParent() != null) {
            Files.createDirectories(png.toAbsolutePath().getParent());
        }
        ImageIO.write(chart(byOperation, contenders), "png", png.toFile());
    }

    /** The scores in a JMH JSON result file, in file order. */
    static List<Score> read(Path json) throws IOException {
        List<Score> scores = new ArrayList<>();
        try (JsonParser parser = new JsonFactory().createParser(ObjectReadContext.empty(), json.toFile())) {
            Object root = value(parser, parser.nextToken());
            for (Object item : (List<?>) root) {
                Map<?, ?> run = (Map<?, ?>) item;
                String benchmark = (String) run.get("benchmark");
                String operation = benchmark.substring(benchmark.lastIndexOf('.') + 1);
                Map<?, ?> params = (Map<?, ?>) run.get("params");
                String contender = (String) params.get("contender");
                if ("random".equals(params.get("keys"))) {
                    // A run with -p keys=sequential,random: each key order is an operation of its own.
                    operation += " (random keys)";
                }
                Map<?, ?> metric = (Map<?, ?>) run.get("primaryMetric");
                Map<?, ?> secondary = (Map<?, ?>) run.get("secondaryMetrics");
                scores.add(new Score(operation, contender, number(metric.get("score")),
                        number(metric.get("scoreError")), secondary(secondary, WORKER_METRIC),
                        secondary(secondary, CPU_METRIC)));
            }
        }
        return scores;
    }

    private static double secondary(Map<?, ?> metrics, String name) {
        Object metric = metrics == null ? null : metrics.get(name);
        return metric == null ? Double.NaN : number(((Map<?, ?>) metric).get("score"));
    }

    private static double number(Object value) {
        // JMH writes "NaN" as a string when there are too few iterations for an error.
        return value instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /** The JSON value starting at {@code token}, as maps, lists, strings, doubles, booleans and nulls. */
    private static Object value(JsonParser parser, JsonToken token) {
        switch (token) {
            case START_OBJECT -> {
                Map<String, Object> object = new LinkedHashMap<>();
                for (String name = parser.nextName(); name != null; name = parser.nextName()) {
                    object.put(name, value(parser, parser.nextToken()));
                }
                return object;
            }
            case START_ARRAY -> {
                List<Object> array = new ArrayList<>();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
                    array.add(value(parser, next));
                }
                return array;
            }
            case VALUE_STRING -> {
                return parser.getString();
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return parser.getDoubleValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return token == JsonToken.VALUE_TRUE;
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new IllegalStateException("unexpected " + token + " in the JMH result file");
        }
    }

    /**
     * A Markdown table: ops/s per operation and contender, JMH's 99.9% error as a percentage of the score,
     * and the ratio to {@code raw} in parentheses.
     */
    static String table(Map<String, Map<String, Score>> byOperation, List<String> contenders) {
        StringBuilder out = new StringBuilder("| operation |");
        contenders.forEach(c -> out.append(' ').append(c).append(" |"));
        out.append("\n|---|");
        contenders.forEach(c -> out.append("---:|"));
        out.append('\n');
        byOperation.forEach((operation, scores) -> {
            out.append("| ").append(operation).append(" |");
            Score baseline = scores.get(BASELINE);
            for (String contender : contenders) {
                Score score = scores.get(contender);
                out.append(' ');
                if (score == null) {
                    out.append('–');
                } else {
                    out.append(String.format(Locale.ROOT, "%,.0f", score.opsPerSecond()));
                    if (!Double.isNaN(score.error())) {
                        double percent = 100 * score.error() / score.opsPerSecond();
                        out.append(String.format(Locale.ROOT, " ±%.0f%%", percent));
                    }
                    if (baseline != null && !contender.equals(BASELINE)) {
                        out.append(String.format(Locale.ROOT, " (%.2fx)",
                                score.opsPerSecond() / baseline.opsPerSecond()));
                    }
                }
                out.append(" |");
            }
            out.append('\n');
        });
        return out.toString();
    }

    /**
     * A Markdown table: CPU time per operation in microseconds, of the benchmark's thread and of the whole
     * process, and in parentheses the ratio of {@code raw}'s thread time to the contender's, so that, as
     * for throughput, above 1 is better than raw.
     */
    static String cpuTable(Map<String, Map<String, Score>> byOperation, List<String> contenders) {
        StringBuilder out = new StringBuilder("| CPU µs/op: thread / process |");
        contenders.forEach(c -> out.append(' ').append(c).append(" |"));
        out.append("\n|---|");
        contenders.forEach(c -> out.append("---:|"));
        out.append('\n');
        byOperation.forEach((operation, scores) -> {
            out.append("| ").append(operation).append(" |");
            Score baseline = scores.get(BASELINE);
            for (String contender : contenders) {
                Score score = scores.get(contender);
                out.append(' ');
                if (score == null || Double.isNaN(score.cpuMicros())) {
                    out.append('–');
                } else {
                    out.append(String.format(Locale.ROOT, "%.2f / %.2f", score.workerMicros(), score.cpuMicros()));
                    if (baseline != null && !contender.equals(BASELINE) && !Double.isNaN(baseline.workerMicros())) {
                        out.append(String.format(Locale.ROOT, " (%.2fx)",
                                baseline.workerMicros() / score.workerMicros()));
                    }
                }
                out.append(" |");
            }
            out.append('\n');
        });
        return out.toString();
    }

    /** Grouped bars, one group per operation, on a logarithmic ops/s axis. */
    static BufferedImage chart(Map<String, Map<String, Score>> byOperation, List<String> contenders) {
        int groupWidth = 40 + 26 * contenders.size();
        int left = 90;
        int top = 60;
        int plotHeight = 420;
        int width = left + groupWidth * byOperation.size() + 30;
        int height = top + plotHeight + 90;
        double max = byOperation.values().stream().flatMap(m -> m.values().stream())
                .mapToDouble(Score::opsPerSecond).max().orElse(1);
        double min = byOperation.values().stream().flatMap(m -> m.values().stream())
                .mapToDouble(Score::opsPerSecond).min().orElse(1);
        double lowDecade = Math.floor(Math.log10(Math.max(1, min)));
        double highDecade = Math.ceil(Math.log10(Math.max(10, max)));

        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.drawString("KV Mapper benchmarks: throughput (ops/s, log scale, higher is better)", left, 25);

        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        FontMetrics metrics = g.getFontMetrics();
        for (double decade = lowDecade; decade <= highDecade; decade++) {
            int y = yOf(Math.pow(10, decade), lowDecade, highDecade, top, plotHeight);
            g.setColor(new Color(0xdd, 0xdd, 0xdd));
            g.drawLine(left, y, width - 20, y);
            g.setColor(Color.BLACK);
            String label = String.format(Locale.ROOT, "%,.0f", Math.pow(10, decade));
            g.drawString(label, left - 8 - metrics.stringWidth(label), y + 4);
        }
        g.setStroke(new BasicStroke(1));
        g.drawLine(left, top, left, top + plotHeight);
        g.drawLine(left, top + plotHeight, width - 20, top + plotHeight);

        int x = left + 20;
        for (Map.Entry<String, Map<String, Score>> group : byOperation.entrySet()) {
            for (int i = 0; i < contenders.size(); i++) {
                Score score = group.getValue().get(contenders.get(i));
                if (score == null) {
                    continue;
                }
                int barX = x + i * 26;
                int y = yOf(score.opsPerSecond(), lowDecade, highDecade, top, plotHeight);
                g.setColor(PALETTE[i % PALETTE.length]);
                g.fillRect(barX, y, 22, top + plotHeight - y);
            }
            g.setColor(Color.BLACK);
            String name = group.getKey();
            g.drawString(name, x + (26 * contenders.size() - metrics.stringWidth(name)) / 2, top + plotHeight + 18);
            x += groupWidth;
        }

        int legendX = left;
        int legendY = top + plotHeight + 50;
        for (int i = 0; i < contenders.size(); i++) {
            g.setColor(PALETTE[i % PALETTE.length]);
            g.fillRect(legendX, legendY - 10, 12, 12);
            g.setColor(Color.BLACK);
            g.drawString(contenders.get(i), legendX + 16, legendY);
            legendX += 30 + metrics.stringWidth(contenders.get(i));
        }
        g.dispose();
        return image;
    }

    private static int yOf(double value, double lowDecade, double highDecade, int top, int plotHeight) {
        double fraction = (Math.log10(Math.max(value, 1)) - lowDecade) / (highDecade - lowDecade);
        return top + plotHeight - (int) Math.round(Math.max(0, fraction) * plotHeight);
    }
}
