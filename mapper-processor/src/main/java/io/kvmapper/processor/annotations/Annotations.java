package io.kvmapper.processor.annotations;

/** Qualified names of the annotations the processor reads. */
public final class Annotations {
    public static final String ENTITY = "io.kvmapper.annotation.Entity";
    public static final String KEY = "io.kvmapper.annotation.Key";
    public static final String INDEX = "io.kvmapper.annotation.Index";
    public static final String INDEX_LIST = "io.kvmapper.annotation.Index.List";
    public static final String COUNTER = "io.kvmapper.annotation.Counter";
    public static final String COUNTER_LIST = "io.kvmapper.annotation.Counter.List";
    public static final String EMBEDDED = "io.kvmapper.annotation.Embedded";
    public static final String VERSION = "io.kvmapper.annotation.Version";
    public static final String TRANSIENT = "io.kvmapper.annotation.Transient";
    public static final String FIELD = "io.kvmapper.annotation.Field";
    public static final String EXPIRES = "io.kvmapper.annotation.Expires";
    public static final String CHANGE_FEED = "io.kvmapper.annotation.ChangeFeed";
    public static final String REPOSITORY = "io.kvmapper.annotation.Repository";
    public static final String ALLOW_SCAN = "io.kvmapper.annotation.AllowScan";

    private Annotations() {
    }

    /**
     * The simple name of an annotation, for messages; the container of a repeated annotation is named
     * after the annotation it holds ({@code Index.List} is "Index").
     */
    public static String simpleName(String qualifiedName) {
        String annotation = qualifiedName.endsWith(".List")
                ? qualifiedName.substring(0, qualifiedName.length() - ".List".length()) : qualifiedName;
        return annotation.substring(annotation.lastIndexOf('.') + 1);
    }
}
