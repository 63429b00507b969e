package ge.burti.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
