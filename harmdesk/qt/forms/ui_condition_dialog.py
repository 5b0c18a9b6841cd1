# Compiled from ui/condition_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QDialogButtonBox,
    QFrame, QGroupBox, QLabel, QScrollArea,
    QSizePolicy, QTabWidget, QVBoxLayout, QWidget)

class Ui_ConditionDialog(object):
    def setupUi(self, ConditionDialog):
        if not ConditionDialog.objectName():
            ConditionDialog.setObjectName(u"ConditionDialog")
        ConditionDialog.resize(520, 420)
        self.mainLayout = QVBoxLayout(ConditionDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.targetsLabel = QLabel(ConditionDialog)
        self.targetsLabel.setObjectName(u"targetsLabel")
        self.targetsLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.targetsLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.targetsLabel)

        self.tabs = QTabWidget(ConditionDialog)
        self.tabs.setObjectName(u"tabs")

        self.mainLayout.addWidget(self.tabs)

        self.previewBox = QGroupBox(ConditionDialog)
        self.previewBox.setObjectName(u"previewBox")
        self.previewLayout = QVBoxLayout(self.previewBox)
        self.previewLayout.setObjectName(u"previewLayout")
        self.previewScroll = QScrollArea(self.previewBox)
        self.previewScroll.setObjectName(u"previewScroll")
        self.previewScroll.setFrameShape(QFrame.NoFrame)
        self.previewScroll.setWidgetResizable(True)
        self.previewScroll.setMaximumSize(QSize(16777215, 150))
        self.previewContents = QWidget()
        self.previewContents.setObjectName(u"previewContents")
        self.previewContentsLayout = QVBoxLayout(self.previewContents)
        self.previewContentsLayout.setObjectName(u"previewContentsLayout")
        self.previewContentsLayout.setContentsMargins(0, 0, 0, 0)
        self.previewLabel = QLabel(self.previewContents)
        self.previewLabel.setObjectName(u"previewLabel")
        self.previewLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.previewLabel.setAlignment(Qt.AlignLeft|Qt.AlignTop)
        self.previewLabel.setTextInteractionFlags(Qt.TextSelectableByKeyboard|Qt.TextSelectableByMouse)
        self.previewLabel.setWordWrap(True)

        self.previewContentsLayout.addWidget(self.previewLabel)

        self.previewScroll.setWidget(self.previewContents)

        self.previewLayout.addWidget(self.previewScroll)


        self.mainLayout.addWidget(self.previewBox)

        self.messageLabel = QLabel(ConditionDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.buttonBox = QDialogButtonBox(ConditionDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok)

        self.mainLayout.addWidget(self.buttonBox)

        self.mainLayout.setStretch(1, 1)

        self.retranslateUi(ConditionDialog)
        self.buttonBox.accepted.connect(ConditionDialog.accept)
        self.buttonBox.rejected.connect(ConditionDialog.reject)

        QMetaObject.connectSlotsByName(ConditionDialog)
    # setupUi

    def retranslateUi(self, ConditionDialog):
        ConditionDialog.setWindowTitle(QCoreApplication.translate("ConditionDialog", u"Conditions", None))
        self.targetsLabel.setText("")
#if QT_CONFIG(accessibility)
        self.targetsLabel.setAccessibleName(QCoreApplication.translate("ConditionDialog", u"Characters the change applies to", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(accessibility)
        self.tabs.setAccessibleName(QCoreApplication.translate("ConditionDialog", u"What to change", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.tabs.setToolTip(QCoreApplication.translate("ConditionDialog", u"Pick what to change (Ctrl+Tab moves between the tabs)", None))
#endif // QT_CONFIG(tooltip)
        self.previewBox.setTitle(QCoreApplication.translate("ConditionDialog", u"What will happen", None))
        self.previewLabel.setText("")
#if QT_CONFIG(accessibility)
        self.previewLabel.setAccessibleName(QCoreApplication.translate("ConditionDialog", u"Preview of the result", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.previewLabel.setToolTip(QCoreApplication.translate("ConditionDialog", u"What the rules will do when you press OK", None))
#endif // QT_CONFIG(tooltip)
        self.messageLabel.setText("")
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("ConditionDialog", u"Problem with the input", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

