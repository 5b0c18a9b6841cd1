# Compiled from ui/bug_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QDialogButtonBox,
    QHBoxLayout, QLabel, QPlainTextEdit, QPushButton,
    QSizePolicy, QSpacerItem, QVBoxLayout, QWidget)

class Ui_BugDialog(object):
    def setupUi(self, BugDialog):
        if not BugDialog.objectName():
            BugDialog.setObjectName(u"BugDialog")
        BugDialog.resize(560, 380)
        self.mainLayout = QVBoxLayout(BugDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.introLabel = QLabel(BugDialog)
        self.introLabel.setObjectName(u"introLabel")
        self.introLabel.setWordWrap(True)
        self.introLabel.setTextFormat(Qt.TextFormat.PlainText)

        self.mainLayout.addWidget(self.introLabel)

        self.reportEdit = QPlainTextEdit(BugDialog)
        self.reportEdit.setObjectName(u"reportEdit")
        self.reportEdit.setReadOnly(True)
        self.reportEdit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)

        self.mainLayout.addWidget(self.reportEdit)

        self.buttonRow = QHBoxLayout()
        self.buttonRow.setObjectName(u"buttonRow")
        self.copyButton = QPushButton(BugDialog)
        self.copyButton.setObjectName(u"copyButton")

        self.buttonRow.addWidget(self.copyButton)

        self.buttonSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.buttonRow.addItem(self.buttonSpacer)

        self.buttonBox = QDialogButtonBox(BugDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.StandardButton.Close)

        self.buttonRow.addWidget(self.buttonBox)


        self.mainLayout.addLayout(self.buttonRow)


        self.retranslateUi(BugDialog)
        self.buttonBox.rejected.connect(BugDialog.reject)

        QMetaObject.connectSlotsByName(BugDialog)
    # setupUi

    def retranslateUi(self, BugDialog):
        BugDialog.setWindowTitle(QCoreApplication.translate("BugDialog", u"HarmDesk hit a bug", None))
        self.introLabel.setText(QCoreApplication.translate("BugDialog", u"Something went wrong inside HarmDesk. This is a bug, not something you did. Everything saved before it is still saved; the step it interrupted was not. Copy the report below and send it to the people who make HarmDesk.", None))
#if QT_CONFIG(accessibility)
        self.reportEdit.setAccessibleName(QCoreApplication.translate("BugDialog", u"Bug report", None))
#endif // QT_CONFIG(accessibility)
        self.copyButton.setText(QCoreApplication.translate("BugDialog", u"&Copy report", None))
#if QT_CONFIG(tooltip)
        self.copyButton.setToolTip(QCoreApplication.translate("BugDialog", u"Put the whole report on the clipboard", None))
#endif // QT_CONFIG(tooltip)
    # retranslateUi

